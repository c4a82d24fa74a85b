import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A grid of stat cards; a description list, so each label names its value. */
export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-4', className)}>{children}</dl>;
}

interface StatCardProps {
  label: string;
  /** Undefined while loading: a placeholder shows instead. */
  value: ReactNode | undefined;
  testId?: string;
}

/** One figure with its label, inside a `StatGrid`. */
export function StatCard({ label, value, testId }: StatCardProps) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5"
    >
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight text-ink">
        {value === undefined ? (
          <>
            <span
              aria-hidden="true"
              className="block h-8 w-24 animate-pulse rounded bg-surface-raised"
            />
            <span className="sr-only">Loading</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
