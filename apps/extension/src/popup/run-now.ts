/**
 * What the popup's "Run test now" shows: while the server would refuse a test (the
 * interval since the last one, or today's limit) the button waits, and the reason and
 * the time it opens are written beside it, in the same words as the web page's.
 */
import { speedtestWait, speedtestWaitText } from '@netpulse/shared';
import type { PopupStatus } from '../lib/popup-protocol.ts';

type SignedInStatus = Extract<PopupStatus, { signedIn: true }>;

export interface RunNowView {
  disabled: boolean;
  label: string;
  /** Why the button waits, and until when; null when it does not. */
  reason: string | null;
}

export function runNowView(
  status: Pick<SignedInStatus, 'running' | 'creditedToday' | 'dailyLimit' | 'nextOpenAt'>,
  now: Date,
  timeZone?: string,
): RunNowView {
  if (status.running) return { disabled: true, label: 'Test running…', reason: null };
  const { creditedToday, dailyLimit, nextOpenAt } = status;
  // Without the quota (offline) the button stays usable: the worker says why a run fails.
  const reason =
    creditedToday === null || dailyLimit === null || nextOpenAt === null
      ? null
      : speedtestWaitText(speedtestWait({ creditedToday, dailyLimit, nextOpenAt }, now), timeZone);
  return { disabled: reason !== null, label: 'Run test now', reason };
}
