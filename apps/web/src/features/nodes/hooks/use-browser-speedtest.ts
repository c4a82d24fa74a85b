import { type CompletedSpeedtest, type NetworkNode } from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BYTES_READS, nodeKeys, pointsKeys, speedtestKeys } from '@/api/query-keys';
import { refreshReads } from '@/api/refresh-reads';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { completeSpeedtest } from '@/features/nodes/api/complete-speedtest';
import { openSpeedtest } from '@/features/nodes/api/open-speedtest';
import { registerNode } from '@/features/nodes/api/register-node';
import { ensureBrowserNode } from '@/features/nodes/browser-node';
import { currentPosition } from '@/features/nodes/current-position';
import { MeasurementFailed, measureInWorker } from '@/features/nodes/speedtest-worker';

export type BrowserSpeedtestState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'download' | 'upload'; mbps: number }
  | { phase: 'completing' }
  | { phase: 'done'; result: CompletedSpeedtest }
  | { phase: 'failed'; message: string };

const RUNNING_PHASES: readonly BrowserSpeedtestState['phase'][] = [
  'preparing',
  'download',
  'upload',
  'completing',
];

/**
 * What a run changes: its node's card, the quota, the test's rows (the Network Statistics, the
 * history) and, once credited, every read that shows Bytes (the dashboard's figures, the
 * earnings, the ledger, the balance).
 */
const REFRESHED_BY_A_RUN = [nodeKeys.all, speedtestKeys.all, pointsKeys.all, ...BYTES_READS];

/**
 * Runs one test in this browser (issue 17): ensures the page's node, opens a
 * test for it, runs ndt7 in a Web Worker while the live speed shows, and
 * completes it, with a position only when `shareLocation`. A refusal (the
 * daily limit, the interval, the node limit) shows the server's message.
 */
export function useBrowserSpeedtest() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BrowserSpeedtestState>({ phase: 'idle' });
  const leftRef = useRef<AbortController | null>(null);

  // Leaving the screen ends a run in progress; the server expires its unfinished test.
  useEffect(() => {
    const left = new AbortController();
    leftRef.current = left;
    return () => left.abort();
  }, []);

  const run = useCallback(
    async ({ nodes, shareLocation }: { nodes: readonly NetworkNode[]; shareLocation: boolean }) => {
      setState({ phase: 'preparing' });
      try {
        const nodeId = await ensureBrowserNode(nodes, {
          storage: globalThis.localStorage,
          userAgent: navigator.userAgent,
          randomId: () => crypto.randomUUID(),
          register: registerNode,
        });
        const session = await openSpeedtest(nodeId);
        // Asked while the test runs, as the extension does: it is only needed to complete.
        const position = shareLocation ? currentPosition() : Promise.resolve(null);
        await measureInWorker(
          { downloadUrl: session.downloadUrl, uploadUrl: session.uploadUrl },
          ({ direction, mbps }) => setState({ phase: direction, mbps }),
          leftRef.current?.signal,
        );
        setState({ phase: 'completing' });
        const result = await completeSpeedtest({
          testId: session.testId,
          ...((await position) ?? {}),
        });
        setState({ phase: 'done', result });
      } catch (error) {
        // A failed refresh is on its way to /login already.
        if (isApiError(error) && error.sessionExpired) return;
        setState({
          phase: 'failed',
          message: error instanceof MeasurementFailed ? error.message : apiFailureMessage(error),
        });
      } finally {
        await refreshReads(queryClient, REFRESHED_BY_A_RUN);
      }
    },
    [queryClient],
  );

  return { state, run, running: RUNNING_PHASES.includes(state.phase) };
}
