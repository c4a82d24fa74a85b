import { lazy, Suspense } from 'react';
import { useFirstRun } from '@/features/dashboard/api/get-first-run';
import { isFirstRunDone } from '@/features/dashboard/first-run-steps';

// Drawn only for someone who has a step left: everyone else never fetches it.
const FirstRunPanel = lazy(async () => ({
  default: (await import('./first-run-panel')).FirstRunPanel,
}));

/**
 * The dashboard's first-run checklist (docs/decisions/033): five steps, each ticked
 * when the server says it is done and otherwise a link to where it is done. It
 * loads after the dashboard's own figures and draws nothing until it knows, so it
 * never holds up or shifts the first view; once every step is done it is gone.
 */
export function FirstRunChecklist({ enabled }: { enabled: boolean }) {
  const { data: state } = useFirstRun({ enabled });
  if (!state || isFirstRunDone(state)) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunPanel state={state} />
    </Suspense>
  );
}
