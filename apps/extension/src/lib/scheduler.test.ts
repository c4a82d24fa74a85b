import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_END_MARGIN_MS,
  MIN_TEST_GAP_MS,
  NEW_DAY_JITTER_MS,
  newDayPlanningAt,
  PLAN_START_DELAY_MS,
  planDay,
  reconcilePlan,
  type DayPlanInput,
} from './scheduler.ts';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

/** A repeatable random source (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const morning: DayPlanInput = {
  now: at('2026-03-10T06:00:00Z'),
  dailyLimit: 4,
  doneToday: 0,
  random: seeded(1),
};

describe('planDay', () => {
  it('plans the daily limit of tests, ascending, within the rest of the UTC day', () => {
    const times = planDay(morning);
    expect(times).toHaveLength(4);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(morning.now.getTime() + PLAN_START_DELAY_MS);
    expect(times.at(-1)).toBeLessThanOrEqual(
      at('2026-03-11T00:00:00Z').getTime() - DAY_END_MARGIN_MS,
    );
  });

  it('plans only the tests not done yet, and none once the limit is reached', () => {
    expect(planDay({ ...morning, doneToday: 3 })).toHaveLength(1);
    expect(planDay({ ...morning, doneToday: 4 })).toEqual([]);
    expect(planDay({ ...morning, doneToday: 9 })).toEqual([]);
  });

  it('keeps at least the larger of its own gap and the server interval between tests', () => {
    const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] ?? 0));
    for (const gap of gaps(planDay({ ...morning, dailyLimit: 40 }))) {
      expect(gap).toBeGreaterThanOrEqual(MIN_TEST_GAP_MS);
    }
    const hour = 60 * MINUTE;
    for (const gap of gaps(planDay({ ...morning, serverMinIntervalMs: hour }))) {
      expect(gap).toBeGreaterThanOrEqual(hour);
    }
  });

  it('fits fewer tests when the day is nearly over, and none in its last minutes', () => {
    const late = { ...morning, now: at('2026-03-10T23:00:00Z'), dailyLimit: 100 };
    // 23:05 to 23:55 holds 50 minutes: four gaps of 15 minutes at most.
    expect(planDay(late)).toHaveLength(4);
    expect(planDay({ ...late, now: at('2026-03-10T23:52:00Z') })).toEqual([]);
  });

  it('starts no earlier than the server allows', () => {
    const notBefore = at('2026-03-10T20:00:00Z');
    const times = planDay({ ...morning, notBefore });
    expect(times[0]).toBeGreaterThanOrEqual(notBefore.getTime());
  });

  it('is random: another seed gives other times, the same seed the same', () => {
    expect(planDay({ ...morning, random: seeded(2) })).not.toEqual(planDay(morning));
    expect(planDay({ ...morning, random: seeded(1) })).toEqual(
      planDay({ ...morning, random: seeded(1) }),
    );
  });

  it('spreads over the whole window: the extremes of the random source reach both ends', () => {
    const start = morning.now.getTime() + PLAN_START_DELAY_MS;
    const end = at('2026-03-11T00:00:00Z').getTime() - DAY_END_MARGIN_MS;
    expect(planDay({ ...morning, dailyLimit: 1, random: () => 0 })).toEqual([start]);
    expect(planDay({ ...morning, dailyLimit: 1, random: () => 0.999999 })[0]).toBeGreaterThan(
      end - MINUTE,
    );
  });

  it('holds its promises for any time, limit, count and random source', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('2020-01-01T00:00:00Z'),
          max: at('2030-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 7200 }),
        fc.integer(),
        (now, dailyLimit, doneToday, intervalS, seed) => {
          const input = {
            now,
            dailyLimit,
            doneToday,
            serverMinIntervalMs: intervalS * 1000,
            random: seeded(seed),
          };
          const times = planDay(input);
          const dayEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
          expect(times.length).toBeLessThanOrEqual(Math.max(0, dailyLimit - doneToday));
          times.forEach((time, i) => {
            expect(time).toBeGreaterThanOrEqual(now.getTime() + PLAN_START_DELAY_MS);
            expect(time).toBeLessThanOrEqual(dayEnd - DAY_END_MARGIN_MS);
            if (i > 0)
              expect(time - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(
                Math.max(MIN_TEST_GAP_MS, intervalS * 1000) - 1,
              );
          });
        },
      ),
    );
  });
});

describe('reconcilePlan', () => {
  const planned = [
    at('2026-03-10T05:00:00Z').getTime(),
    at('2026-03-10T09:00:00Z').getTime(),
    at('2026-03-10T15:00:00Z').getTime(),
    at('2026-03-10T21:00:00Z').getTime(),
  ];

  it('keeps the plan when the server count agrees, dropping what is past', () => {
    // 05:00 ran; three remain.
    expect(reconcilePlan(planned, { ...morning, doneToday: 1 })).toEqual({
      times: planned.slice(1),
      replanned: false,
    });
  });

  it('keeps the earliest times when tests ran outside the plan', () => {
    expect(reconcilePlan(planned, { ...morning, doneToday: 3 })).toEqual({
      times: [planned[1]],
      replanned: false,
    });
  });

  it('plans anew when planned times were missed', () => {
    const result = reconcilePlan(planned, {
      ...morning,
      now: at('2026-03-10T16:00:00Z'),
      doneToday: 1,
    });
    expect(result.replanned).toBe(true);
    expect(result.times).toHaveLength(3);
  });
});

describe('newDayPlanningAt', () => {
  it('is in the first half hour of the next UTC day', () => {
    const midnight = at('2026-03-11T00:00:00Z').getTime();
    expect(newDayPlanningAt(at('2026-03-10T13:00:00Z'), () => 0)).toBe(midnight);
    expect(newDayPlanningAt(at('2026-03-10T23:59:59Z'), () => 0.5)).toBe(
      midnight + NEW_DAY_JITTER_MS / 2,
    );
  });
});
