import type { ReactNode } from 'react';

/**
 * What an irreversible action loses, in a sentence that stands out above its buttons; the
 * danger button names it as its description (`aria-describedby` of `id`).
 */
export function CannotBeUndoneNote({
  id,
  testId,
  children,
}: {
  id: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      className="rounded-lg border border-danger/40 bg-danger/10 px-3.5 py-2.5 text-sm font-medium text-danger"
      data-testid={testId}
    >
      {children}
    </p>
  );
}
