import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PanelProps {
  title: string;
  /** Controls on the right of the title, e.g. a switch or filters. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** A titled card of a signed-in screen; the title is an h2 that names the section. */
export function Panel({ title, actions, children, className, testId }: PanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn('rounded-2xl border border-line bg-surface p-4 sm:p-6', className)}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
