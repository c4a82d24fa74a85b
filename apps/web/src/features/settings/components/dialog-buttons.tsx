import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useIntl } from '@/lib/i18n/use-intl';

/** A dialog form's Cancel and submit buttons, at its end. */
export function DialogButtons({
  onCancel,
  pending,
  danger = false,
  disabled = false,
  describedBy,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** What the submit button's action means, read with it (an irreversible action's warning). */
  describedBy?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {intl.formatMessage({ id: 'settings.cancel', defaultMessage: 'Cancel' })}
      </Button>
      <Button
        type="submit"
        variant={danger ? 'danger' : 'primary'}
        isLoading={pending}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {children}
      </Button>
    </div>
  );
}
