import { useId, useState, type ComponentProps } from 'react';
import { useIntl } from '@/lib/i18n/use-intl';
import { TextField } from './text-field';
import { EyeIcon, EyeOffIcon } from './icons';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (spec section 2). */
export function PasswordField({ label, id, ...props }: PasswordFieldProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const what = label.toLocaleLowerCase(intl.locale);

  return (
    <TextField
      {...props}
      id={inputId}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={
            visible
              ? intl.formatMessage(
                  { id: 'ui.passwordField.hide', defaultMessage: 'Hide {field}' },
                  { field: what },
                )
              : intl.formatMessage(
                  { id: 'ui.passwordField.show', defaultMessage: 'Show {field}' },
                  { field: what },
                )
          }
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
          className="flex size-10 items-center justify-center rounded-md text-ink-muted hover:text-ink"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
