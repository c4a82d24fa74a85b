import type { ReactNode } from 'react';

/** The rounded accent tile an item's icon sits in (dashboard panels). */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-strong">
      {children}
    </span>
  );
}
