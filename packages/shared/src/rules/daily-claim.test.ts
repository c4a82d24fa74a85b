import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyClaimState } from './daily-claim.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => new Date(iso);
const claimedAt = (last_claimed_at: string | null, daily_streaks = 1) => ({
  last_claimed_at,
  daily_streaks,
});

describe('dailyClaimState', () => {
  describe('never claimed (no last_claimed_at and a streak of 0)', () => {
    it.each(['2024-05-17T00:00:00Z', '2024-05-17T12:34:56Z', '2024-05-17T23:59:59.999Z'])(
      'is unlocked at %s',
      (now) => {
        expect(dailyClaimState({ last_claimed_at: null, daily_streaks: 0 }, at(now))).toEqual({
          unlocked: true,
        });
      },
    );

    it('treats an empty last_claimed_at as never claimed', () => {
      expect(
        dailyClaimState({ last_claimed_at: '', daily_streaks: 0 }, at('2024-05-17T10:00:00Z')),
      ).toEqual({ unlocked: true });
    });
  });

  describe('no last_claimed_at but a streak (not "never claimed")', () => {
    it('is locked until the next UTC midnight', () => {
      expect(
        dailyClaimState({ last_claimed_at: null, daily_streaks: 3 }, at('2024-05-17T18:00:00Z')),
      ).toEqual({
        unlocked: false,
        unlocksAt: at('2024-05-18T00:00:00Z'),
        remainingMs: 6 * HOUR_MS,
      });
    });
  });

  describe('claimed earlier on the same UTC day', () => {
    it('claimed at 23:59:59Z unlocks one second later', () => {
      const now = at('2024-05-17T23:59:59Z');
      expect(dailyClaimState(claimedAt('2024-05-17T23:59:59Z'), now)).toEqual({
        unlocked: false,
        unlocksAt: at('2024-05-18T00:00:00Z'),
        remainingMs: 1000,
      });
    });

    it('claimed at 00:00:00Z is locked for 24 hours', () => {
      const now = at('2024-05-17T00:00:00Z');
      expect(dailyClaimState(claimedAt('2024-05-17T00:00:00Z'), now)).toEqual({
        unlocked: false,
        unlocksAt: at('2024-05-18T00:00:00Z'),
        remainingMs: DAY_MS,
      });
    });

    it.each([
      ['2024-05-17T08:00:00Z', '2024-05-17T08:00:00Z', 16 * HOUR_MS],
      ['2024-05-17T08:00:00Z', '2024-05-17T20:30:15Z', 3 * HOUR_MS + 29 * 60_000 + 45_000],
      ['2024-05-17T00:00:01Z', '2024-05-17T23:59:59.999Z', 1],
      // A claim whose time is written with an offset still counts by its UTC day.
      ['2024-05-17T01:00:00+05:30', '2024-05-16T22:00:00Z', 2 * HOUR_MS],
    ])('claimed at %s, at %s it is locked for %i ms', (claimed, now, remainingMs) => {
      const state = dailyClaimState(claimedAt(claimed), at(now));
      expect(state.unlocked).toBe(false);
      if (state.unlocked) return;
      expect(state.remainingMs).toBe(remainingMs);
      expect(state.unlocksAt.getTime()).toBe(at(now).getTime() + remainingMs);
      expect(state.unlocksAt.getTime() % DAY_MS).toBe(0);
    });

    it('counts down to the next UTC midnight of the claim day at every later moment that day', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: DAY_MS - 1 }),
          fc.integer({ min: 0, max: DAY_MS - 1 }),
          (a, b) => {
            const day = Date.UTC(2024, 4, 17);
            const [claim, now] = a <= b ? [a, b] : [b, a];
            const state = dailyClaimState(
              claimedAt(new Date(day + claim).toISOString()),
              new Date(day + now),
            );
            expect(state).toEqual({
              unlocked: false,
              unlocksAt: new Date(day + DAY_MS),
              remainingMs: DAY_MS - now,
            });
          },
        ),
      );
    });
  });

  describe('on a later UTC day', () => {
    it('is unlocked exactly at the next UTC midnight', () => {
      expect(
        dailyClaimState(claimedAt('2024-05-17T23:59:59Z'), at('2024-05-18T00:00:00Z')),
      ).toEqual({ unlocked: true });
      expect(
        dailyClaimState(claimedAt('2024-05-17T00:00:00Z'), at('2024-05-18T00:00:00Z')),
      ).toEqual({ unlocked: true });
    });

    it('is still locked one millisecond before midnight', () => {
      expect(
        dailyClaimState(claimedAt('2024-05-17T00:00:00Z'), at('2024-05-17T23:59:59.999Z')),
      ).toMatchObject({ unlocked: false, remainingMs: 1 });
    });

    it.each([
      ['2024-05-17T12:00:00Z', '2024-05-18T00:00:01Z'],
      ['2024-05-17T12:00:00Z', '2024-05-18T11:59:59Z'],
      ['2024-05-17T12:00:00Z', '2024-05-20T12:00:00Z'],
      ['2024-02-29T23:00:00Z', '2024-03-01T00:00:00Z'],
      ['2023-12-31T23:59:59Z', '2024-01-01T00:00:00Z'],
      // The streak value does not matter once a claim has been made.
      ['2024-05-17T12:00:00Z', '2024-05-18T06:00:00Z'],
    ])('claimed at %s, at %s it is unlocked', (claimed, now) => {
      expect(dailyClaimState(claimedAt(claimed, 0), at(now))).toEqual({ unlocked: true });
      expect(dailyClaimState(claimedAt(claimed, 27), at(now))).toEqual({ unlocked: true });
    });
  });

  it('is unlocked exactly when the UTC day of now is after the claim day', () => {
    const time = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(time, time, (a, b) => {
        const [claim, now] = a <= b ? [a, b] : [b, a];
        const state = dailyClaimState(claimedAt(new Date(claim).toISOString()), new Date(now));
        const laterDay = Math.floor(now / DAY_MS) > Math.floor(claim / DAY_MS);
        expect(state.unlocked).toBe(laterDay);
        if (!state.unlocked) {
          expect(state.remainingMs).toBeGreaterThan(0);
          expect(state.remainingMs).toBeLessThanOrEqual(DAY_MS);
        }
      }),
    );
  });
});
