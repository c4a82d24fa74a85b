import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';

/** A decorative spinner; pair it with text (or a `LoadingState`) so screen readers learn what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('size-5 animate-spin', className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A centred spinner with an announced label, for screens and panels that are loading. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const intl = useIntl();
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 py-16 text-ink-muted', className)}
    >
      <Spinner className="size-6 text-accent" />
      <span>{label ?? intl.formatMessage({ id: 'ui.loading', defaultMessage: 'Loading…' })}</span>
    </div>
  );
}
