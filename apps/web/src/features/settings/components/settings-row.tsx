import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SettingsRowProps {
  title: string;
  /** The row's current value or what the setting does, beneath its title. */
  children?: ReactNode;
  /** The row's buttons: beside the text on a wide screen, beneath it on a phone. */
  actions?: ReactNode;
  /** A dialog the row opens: kept out of the text's styles, which a dialog would inherit. */
  dialog?: ReactNode;
  className?: string;
  testId?: string;
}

/** A section's settings, one under the other, divided by a line. */
export function SettingsRows({ children }: { children: ReactNode }) {
  return <div className="divide-y divide-line">{children}</div>;
}

/**
 * One setting of a section (inside `SettingsRows`): its name, what it is now, and what can be
 * done about it. On a phone the buttons drop beneath the text.
 */
export function SettingsRow({
  title,
  children,
  actions,
  dialog,
  className,
  testId,
}: SettingsRowProps) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6',
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={titleId} className="text-sm font-semibold text-ink">
          {title}
        </h3>
        {children && <div className="min-w-0 text-sm break-words text-ink-muted">{children}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      {dialog}
    </div>
  );
}
