/**
 * How long a person waits before the server opens their next speed test, and the
 * sentence that says so: the web page's "Run a speed test" and the extension popup's
 * "Run test now" both wait on it, with the same words (decision 031).
 */
import { formatClock, formatDateTime, formatDuration } from './clock.ts';

/** The part of GET /v1/api/speedtests/quota the wait is read from. */
export interface SpeedtestWaitQuota {
  dailyLimit: number;
  creditedToday: number;
  /** ISO: now, the end of the interval since the last test, or the next UTC midnight. */
  nextOpenAt: string;
}

export type SpeedtestWait =
  | { kind: 'open' }
  /** The least time between two tests has not passed yet. */
  | { kind: 'interval'; opensAt: Date; remainingMs: number }
  /** Today's credited tests are used up: the count starts again at UTC midnight. */
  | { kind: 'daily-limit'; opensAt: Date; remainingMs: number; dailyLimit: number };

/** A next test due within this much counts as open: the server's and the browser's clocks differ a little. */
export const OPEN_SLACK_MS = 2_000;

export function speedtestWait(quota: SpeedtestWaitQuota, now: Date): SpeedtestWait {
  const opensAt = new Date(quota.nextOpenAt);
  const remainingMs = opensAt.getTime() - now.getTime();
  if (Number.isNaN(remainingMs) || remainingMs <= OPEN_SLACK_MS) return { kind: 'open' };
  if (quota.creditedToday >= quota.dailyLimit) {
    return { kind: 'daily-limit', opensAt, remainingMs, dailyLimit: quota.dailyLimit };
  }
  return { kind: 'interval', opensAt, remainingMs };
}

/**
 * Why the next test must wait, and until when: "Next test in 8 min, at 2026-11-25 13:40."
 * in the person's zone, or, the daily limit being a UTC rule, "Today's 4 tests are done.
 * Tests open again at 00:00 UTC, in 3 h 12 min."; null when a test can run now.
 */
export function speedtestWaitText(wait: SpeedtestWait, timeZone?: string): string | null {
  switch (wait.kind) {
    case 'open':
      return null;
    case 'interval':
      return `Next test in ${formatDuration(wait.remainingMs)}, at ${formatDateTime(wait.opensAt, timeZone)}.`;
    case 'daily-limit': {
      const tests =
        wait.dailyLimit === 1 ? "Today's test is" : `Today's ${wait.dailyLimit} tests are`;
      return `${tests} done. Tests open again at ${formatClock(wait.opensAt, 'UTC')} UTC, in ${formatDuration(wait.remainingMs)}.`;
    }
  }
}
