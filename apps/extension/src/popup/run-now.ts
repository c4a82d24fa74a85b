/**
 * What the popup's "Run test now" shows: while the server would refuse a test (the
 * interval since the last one, or today's limit) the button waits, and the reason and
 * the time it opens are written beside it, in the same words as the web page's.
 */
import { formatClock, formatDateTime, speedtestWait, type SpeedtestWait } from '@netpulse/shared';
import type { PopupStatus } from '../lib/popup-protocol.ts';
import { formatWait } from './format.ts';
import { t } from './i18n.ts';
import { POPUP_MESSAGES } from './messages.ts';

type SignedInStatus = Extract<PopupStatus, { signedIn: true }>;

export interface RunNowView {
  disabled: boolean;
  label: string;
  /** Why the button waits, and until when; null when it does not. */
  reason: string | null;
}

/**
 * "Next test in 8 min, at 2026-11-25 13:40." in the person's zone, or, the daily limit
 * being a UTC rule, "Today's 4 tests are done. Tests open again at 00:00 UTC, in 3 h 12 min.";
 * null when a test can run now.
 */
function waitText(wait: SpeedtestWait, timeZone?: string): string | null {
  switch (wait.kind) {
    case 'open':
      return null;
    case 'interval':
      return t(POPUP_MESSAGES.waitInterval, {
        duration: formatWait(wait.remainingMs),
        time: formatDateTime(wait.opensAt, timeZone),
      });
    case 'daily-limit':
      return t(POPUP_MESSAGES.waitDailyLimit, {
        limit: wait.dailyLimit,
        time: formatClock(wait.opensAt, 'UTC'),
        duration: formatWait(wait.remainingMs),
      });
  }
}

export function runNowView(
  status: Pick<SignedInStatus, 'running' | 'creditedToday' | 'dailyLimit' | 'nextOpenAt'>,
  now: Date,
  timeZone?: string,
): RunNowView {
  if (status.running) {
    return { disabled: true, label: t(POPUP_MESSAGES.testRunning), reason: null };
  }
  const { creditedToday, dailyLimit, nextOpenAt } = status;
  // Without the quota (offline) the button stays usable: the worker says why a run fails.
  const reason =
    creditedToday === null || dailyLimit === null || nextOpenAt === null
      ? null
      : waitText(speedtestWait({ creditedToday, dailyLimit, nextOpenAt }, now), timeZone);
  return { disabled: reason !== null, label: t(POPUP_MESSAGES.runNow), reason };
}
