import type { ComponentProps } from 'react';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';

/** An in-app link styled for running text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'font-medium text-accent-strong underline decoration-accent-strong/50 underline-offset-4 hover:decoration-accent-strong',
        className,
      )}
      {...props}
    />
  );
}
