import type { ComponentProps } from 'react';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';

/**
 * An in-app link that looks like the primary button: an empty state's one next step
 * ("Run a speed test"), which goes somewhere rather than doing something here.
 */
export function ActionLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold text-accent-ink transition-colors hover:bg-accent-strong',
        className,
      )}
      {...props}
    />
  );
}
