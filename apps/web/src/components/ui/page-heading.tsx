import type { ReactNode } from 'react';

/** The h1 of a signed-in screen, with room for actions on its right. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
