import { describe, expect, it } from 'vitest';
import { speedtestWait, speedtestWaitText } from './speedtest-wait.ts';

const now = new Date('2026-11-25T20:48:00Z');
const quota = (nextOpenAt: string, creditedToday = 1, dailyLimit = 4) => ({
  nextOpenAt,
  creditedToday,
  dailyLimit,
});

describe('speedtestWait', () => {
  it('is open when the server opens a test now (or within the clock slack)', () => {
    expect(speedtestWait(quota(now.toISOString()), now)).toEqual({ kind: 'open' });
    expect(speedtestWait(quota('2026-11-25T20:48:01Z'), now)).toEqual({ kind: 'open' });
    expect(speedtestWait(quota('2026-11-25T20:00:00Z'), now)).toEqual({ kind: 'open' });
  });

  it('waits out the interval, in the person’s zone', () => {
    const wait = speedtestWait(quota('2026-11-25T20:55:30Z'), now);
    expect(wait).toMatchObject({ kind: 'interval', remainingMs: 450_000 });
    expect(speedtestWaitText(wait, 'America/Los_Angeles')).toBe(
      'Next test in 8 min, at 2026-11-25 12:55.',
    );
  });

  it('waits for the UTC reset once the daily limit is used, naming UTC', () => {
    const wait = speedtestWait(quota('2026-11-26T00:00:00Z', 4, 4), now);
    expect(wait.kind).toBe('daily-limit');
    // Whatever the person's zone, the rule is UTC's and says so.
    expect(speedtestWaitText(wait, 'America/Los_Angeles')).toBe(
      "Today's 4 tests are done. Tests open again at 00:00 UTC, in 3 h 12 min.",
    );
    expect(speedtestWaitText(speedtestWait(quota('2026-11-26T00:00:00Z', 1, 1), now))).toBe(
      "Today's test is done. Tests open again at 00:00 UTC, in 3 h 12 min.",
    );
  });

  it('says nothing when a test can run', () => {
    expect(speedtestWaitText({ kind: 'open' })).toBeNull();
  });
});
