import { cn } from '@/lib/cn';

interface SkeletonBarProps {
  /** Height and width classes; `h-5` is one line of `text-sm`. */
  size?: string;
  /** The corner class, e.g. `rounded-full` for a badge. */
  corners?: string;
}

/**
 * A pulsing bar standing for content that is loading. Decorative: the list or card that shows
 * it announces the loading itself. Size and corners replace the defaults whole, since `cn`
 * joins classes without resolving conflicts.
 */
export function SkeletonBar({ size = 'h-5 w-20', corners = 'rounded' }: SkeletonBarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn('block max-w-full animate-pulse bg-surface-raised', size, corners)}
    />
  );
}
