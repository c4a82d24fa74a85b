import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { InboxIcon } from './signed-in-icons';

interface EmptyStateProps {
  message: string;
  /** A second, quieter line: e.g. what would fill the list. */
  detail?: string;
  /** The one next step, e.g. a "Copy referral link" button or a link to where the list fills. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing: an icon, a sentence and an optional action. */
export function EmptyState({ message, detail, action, className }: EmptyStateProps) {
  return (
    <div
      data-testid="empty-state"
      className={cn('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-raised text-ink-muted">
        <InboxIcon className="size-6" />
      </span>
      <p className="max-w-sm text-sm text-ink-muted">{message}</p>
      {detail && <p className="-mt-2 max-w-sm text-xs text-ink-faint">{detail}</p>}
      {action}
    </div>
  );
}

/** What a panel shows when its data could not be loaded, with a way to try again. */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <div
      data-testid="error-state"
      className={cn('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}
    >
      <p className="max-w-sm text-sm text-ink-muted">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-10 items-center rounded-lg border border-line bg-surface-raised px-4 text-sm font-semibold text-ink hover:border-ink-muted"
        >
          {intl.formatMessage({ id: 'ui.errorState.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}
    </div>
  );
}
