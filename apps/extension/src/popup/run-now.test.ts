import { describe, expect, it } from 'vitest';
import { runNowView } from './run-now.ts';

const now = new Date('2026-11-25T20:48:00Z');
const status = {
  running: false,
  creditedToday: 1,
  dailyLimit: 4,
  nextOpenAt: now.toISOString(),
};

describe('runNowView (Run test now waits, and says why)', () => {
  it('is enabled when the server opens a test now', () => {
    expect(runNowView(status, now)).toEqual({
      disabled: false,
      label: 'Run test now',
      reason: null,
    });
  });

  it('waits out the interval, naming how long and the time in the one clock', () => {
    const view = runNowView({ ...status, nextOpenAt: '2026-11-25T20:56:00Z' }, now, 'UTC');
    expect(view).toEqual({
      disabled: true,
      label: 'Run test now',
      reason: 'Next test in 8 min, at 2026-11-25 20:56.',
    });
  });

  it('waits for the UTC reset once the daily limit is reached, naming UTC', () => {
    const view = runNowView(
      { ...status, creditedToday: 4, nextOpenAt: '2026-11-26T00:00:00Z' },
      now,
      'America/Los_Angeles',
    );
    expect(view.disabled).toBe(true);
    expect(view.reason).toBe(
      "Today's 4 tests are done. Tests open again at 00:00 UTC, in 3 h 12 min.",
    );
  });

  it('opens by itself once the wait is over', () => {
    const waiting = { ...status, nextOpenAt: '2026-11-25T20:56:00Z' };
    expect(runNowView(waiting, new Date('2026-11-25T20:56:00Z')).disabled).toBe(false);
  });

  it('is busy while a test runs', () => {
    expect(runNowView({ ...status, running: true }, now)).toEqual({
      disabled: true,
      label: 'Test running…',
      reason: null,
    });
  });

  it('stays usable when the quota could not be read (offline)', () => {
    expect(runNowView({ ...status, nextOpenAt: null }, now).disabled).toBe(false);
  });
});
