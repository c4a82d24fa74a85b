import { useId, useState, type ComponentProps } from 'react';
import { TextField } from './text-field';
import { EyeIcon, EyeOffIcon } from './icons';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (spec section 2). */
export function PasswordField({ label, id, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const what = label.toLowerCase();

  return (
    <TextField
      {...props}
      id={inputId}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={visible ? `Hide ${what}` : `Show ${what}`}
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
