import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { cn } from '@/lib/cn';

interface QuestSkeletonListProps {
  /** Announced to screen readers; the rows themselves are decorative. */
  label: string;
  count: number;
  /** One bar per line of the quest's text column, each with the line's height class. */
  lines: readonly string[];
  /** The gap between those lines, as the quest item spaces them. */
  gapClassName: string;
}

/**
 * A loading list of quests: rows with the quest item's border, padding, text lines and button,
 * so each is as tall as the quest that replaces it and nothing moves when they load.
 */
export function QuestSkeletonList({ label, count, lines, gapClassName }: QuestSkeletonListProps) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: count }, (_, index) => (
          <li
            key={index}
            data-testid="skeleton-row"
            className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface-raised/50 p-4"
          >
            <div className={cn('flex min-w-48 flex-1 flex-col', gapClassName)}>
              {lines.map((height, line) => (
                <SkeletonBar key={line} size={cn(height, line === 0 ? 'w-44' : 'w-24')} />
              ))}
            </div>
            {/* The quest buttons are 40 px tall: their `min-h-10` overrides the button's own 44. */}
            <SkeletonBar size="h-10 w-full sm:w-28" corners="rounded-lg" />
          </li>
        ))}
      </ul>
    </div>
  );
}
