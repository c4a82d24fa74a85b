import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';

const gridColumns = {
  // Side by side on phones too, as short figures read best.
  2: 'grid-cols-2',
  // Two a row below md, the third across the width: three in a row would wrap their labels.
  3: 'grid-cols-2 md:grid-cols-3 max-md:[&>:last-child]:col-span-2',
  // Two by two on phones too: one card a row would fill a phone's first screen.
  4: 'grid-cols-2 xl:grid-cols-4',
} as const;

/** A grid of stat cards; a description list, so each label names its value. */
export function StatGrid({
  children,
  columns = 4,
  className,
}: {
  children: ReactNode;
  /** How many cards sit side by side on a wide screen. */
  columns?: keyof typeof gridColumns;
  className?: string;
}) {
  return <dl className={cn('grid gap-3 sm:gap-4', gridColumns[columns], className)}>{children}</dl>;
}

/** The value of a card whose data could not be loaded: a dash, not a loading placeholder. */
const STAT_UNAVAILABLE = '—';

interface StatCardProps {
  label: string;
  /** Undefined while loading: a placeholder shows instead. */
  value: ReactNode | undefined;
  /** The data behind the value could not be loaded: a dash shows instead of the placeholder. */
  failed?: boolean;
  /** What the figure counts ("Bytes"), after it: no figure stands without its unit. */
  unit?: string;
  testId?: string;
}

/** One figure with its label, inside a `StatGrid`. */
export function StatCard({ label, value, failed = false, unit, testId }: StatCardProps) {
  const intl = useIntl();
  return (
    <div
      data-testid={testId}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight break-words text-ink">
        {value === undefined && failed ? (
          STAT_UNAVAILABLE
        ) : value === undefined ? (
          <>
            <span
              aria-hidden="true"
              className="block h-8 w-24 animate-pulse rounded bg-surface-raised"
            />
            <span className="sr-only">
              {intl.formatMessage({ id: 'ui.statCard.loading', defaultMessage: 'Loading' })}
            </span>
          </>
        ) : (
          <>
            {value}
            {unit && <span className="text-base font-medium text-ink-muted"> {unit}</span>}
          </>
        )}
      </dd>
    </div>
  );
}
