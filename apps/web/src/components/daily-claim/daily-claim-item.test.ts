import { dailyClaimState } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { dailyClaimNote } from './daily-claim-item';

describe('dailyClaimNote (the claim runs on UTC, and says so)', () => {
  it('names the UTC rule while the claim is open or loading', () => {
    expect(dailyClaimNote(undefined)).toBe('100 Bytes a day, from 00:00 UTC');
    expect(dailyClaimNote({ unlocked: true })).toBe('100 Bytes a day, from 00:00 UTC');
  });

  it('once claimed, says when the next claim opens in UTC and how long that is', () => {
    const now = new Date('2026-11-25T20:48:00Z');
    const state = dailyClaimState(
      { last_claimed_at: '2026-11-25T20:47:00Z', daily_streaks: 1 },
      now,
    );
    expect(dailyClaimNote(state)).toBe('Next claim at 00:00 UTC, in 3 h 12 min');
  });

  it('counts the last minutes up, never reading "0 min" before it opens', () => {
    const state = dailyClaimState(
      { last_claimed_at: '2026-11-25T10:00:00Z', daily_streaks: 1 },
      new Date('2026-11-25T23:59:30Z'),
    );
    expect(dailyClaimNote(state)).toBe('Next claim at 00:00 UTC, in 1 min');
  });
});
