import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A small pill, e.g. the cycle a transaction belongs to. */
export function Badge({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-accent-strong',
        className,
      )}
    >
      {children}
    </span>
  );
}
