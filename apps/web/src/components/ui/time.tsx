import { formatDate, formatDateTime } from '@netpulse/shared';
import { useId } from 'react';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/cn';
import { relativeTimeText } from '@/lib/format-time';
import { useIntl } from '@/lib/i18n/use-intl';
import { MissingValue } from './missing-value';

/** How often a relative time ("12 min ago") reads again: its words change by the minute. */
const RELATIVE_TICK_MS = 30_000;

interface TimeProps {
  /** The moment as the API sends it; none shows a dash ("None" for a screen reader). */
  iso: string | null | undefined;
  /** A date alone (`YYYY-MM-DD`): a registration day, a filter bound. */
  dateOnly?: boolean;
  /** What a screen reader hears for a missing time. */
  missingLabel?: string;
  /** A fixed zone instead of the person's own: tests only. */
  timeZone?: string;
  className?: string;
}

/**
 * The one way a time reaches the screen (decision 031): `YYYY-MM-DD HH:mm` in the
 * person's zone, a date alone `YYYY-MM-DD`, in tabular figures. A moment within the
 * last day reads "12 min ago" in the page's language (the absolute time stays the same in
 * every language, in Latin digits); the element is then focusable and its absolute time
 * shows on hover and on keyboard focus alike, and is its description for a screen reader.
 */
export function Time({ iso, dateOnly = false, missingLabel, timeZone, className }: TimeProps) {
  const intl = useIntl();
  const now = useNow(RELATIVE_TICK_MS);
  const tooltipId = useId();
  if (!iso) {
    return (
      <MissingValue
        label={missingLabel ?? intl.formatMessage({ id: 'time.none', defaultMessage: 'None' })}
      />
    );
  }

  const absolute = dateOnly ? formatDate(iso, timeZone) : formatDateTime(iso, timeZone);
  const relative = dateOnly ? null : relativeTimeText(iso, now, intl);
  if (relative === null) {
    return (
      // Left to right in every page: an Arabic line would otherwise show "12:36 2026-11-25".
      <time dateTime={iso} dir="ltr" className={cn('tabular-nums whitespace-nowrap', className)}>
        {absolute}
      </time>
    );
  }
  return (
    <time
      dateTime={iso}
      tabIndex={0}
      aria-describedby={tooltipId}
      data-testid="relative-time"
      className={cn(
        'group relative cursor-help whitespace-nowrap tabular-nums underline decoration-ink-muted/60 decoration-dotted underline-offset-4',
        className,
      )}
    >
      {relative}
      <span
        id={tooltipId}
        role="tooltip"
        dir="ltr"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-30 mb-1.5 -translate-x-1/2 rounded-md border border-line bg-surface-raised px-2 py-1 text-xs font-medium text-ink no-underline shadow-lg group-hover:visible group-focus:visible"
      >
        {absolute}
      </span>
    </time>
  );
}
