import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  nextUtcMidnight,
  startOfUtcDay,
  utcDayBounds,
  utcDayKey,
  utcDaysBetween,
} from './utc-day.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
/** Times a Date can hold with a four-digit year (toISOString stays YYYY-MM-DDTHH...). */
const anyTime = fc.date({
  min: new Date('1970-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

// The helpers must not depend on the local zone: run them in one with DST, and
// check that the zone really took effect.
beforeAll(() => {
  vi.stubEnv('TZ', 'America/New_York');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('local zone of these tests', () => {
  it('is not UTC, so UTC-only behaviour is really exercised', () => {
    expect(at('2024-01-15T12:00:00Z').getTimezoneOffset()).toBe(300);
    expect(at('2024-07-15T12:00:00Z').getTimezoneOffset()).toBe(240);
  });
});

describe('startOfUtcDay', () => {
  it.each([
    ['2024-05-17T13:45:12.345Z', '2024-05-17T00:00:00.000Z'],
    ['2024-05-17T00:00:00.000Z', '2024-05-17T00:00:00.000Z'],
    ['2024-05-17T23:59:59.999Z', '2024-05-17T00:00:00.000Z'],
    ['2024-12-31T23:59:59.999Z', '2024-12-31T00:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    // 21:30 in New York on the 16th is already the 17th in UTC.
    ['2024-05-16T21:30:00-04:00', '2024-05-17T00:00:00.000Z'],
    // 01:30 in Kolkata on the 17th is still the 16th in UTC.
    ['2024-05-17T01:30:00+05:30', '2024-05-16T00:00:00.000Z'],
  ])('%s starts its UTC day at %s', (time, start) => {
    expect(startOfUtcDay(at(time)).toISOString()).toBe(start);
  });

  it('does not change the date it is given', () => {
    const time = at('2024-05-17T13:45:12.345Z');
    startOfUtcDay(time);
    expect(time.toISOString()).toBe('2024-05-17T13:45:12.345Z');
  });

  it('is a UTC midnight no later than the time and less than a day before it', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const start = startOfUtcDay(time);
        expect(start.getTime() % DAY_MS).toBe(0);
        expect(start.getTime()).toBeLessThanOrEqual(time.getTime());
        expect(time.getTime() - start.getTime()).toBeLessThan(DAY_MS);
      }),
    );
  });
});

describe('nextUtcMidnight', () => {
  it.each([
    ['2024-05-17T13:45:12.345Z', '2024-05-18T00:00:00.000Z'],
    ['2024-05-17T00:00:00.000Z', '2024-05-18T00:00:00.000Z'],
    ['2024-05-17T23:59:59.999Z', '2024-05-18T00:00:00.000Z'],
    // Month ends, including February in leap and common years.
    ['2024-04-30T10:00:00.000Z', '2024-05-01T00:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', '2024-02-01T00:00:00.000Z'],
    ['2024-02-28T10:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2023-02-28T10:00:00.000Z', '2023-03-01T00:00:00.000Z'],
    // Year end.
    ['2023-12-31T23:59:59.000Z', '2024-01-01T00:00:00.000Z'],
    // US DST changes (10 March and 3 November 2024) do not matter in UTC.
    ['2024-03-10T06:30:00.000Z', '2024-03-11T00:00:00.000Z'],
    ['2024-11-03T05:30:00.000Z', '2024-11-04T00:00:00.000Z'],
  ])('after %s comes %s', (time, next) => {
    expect(nextUtcMidnight(at(time)).toISOString()).toBe(next);
  });

  it('is the start of the next UTC day: exactly one day after startOfUtcDay', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const next = nextUtcMidnight(time);
        expect(next.getTime() - startOfUtcDay(time).getTime()).toBe(DAY_MS);
        expect(next.getTime()).toBeGreaterThan(time.getTime());
        expect(next.getTime() - time.getTime()).toBeLessThanOrEqual(DAY_MS);
        expect(utcDayKey(next)).not.toBe(utcDayKey(time));
      }),
    );
  });
});

describe('utcDayKey', () => {
  it.each([
    ['2024-05-17T13:45:12.345Z', '2024-05-17'],
    ['2024-05-17T00:00:00.000Z', '2024-05-17'],
    ['2024-05-17T23:59:59.999Z', '2024-05-17'],
    ['2024-01-05T08:00:00.000Z', '2024-01-05'],
    ['2024-02-29T12:00:00.000Z', '2024-02-29'],
    // Local evening of the 31st in New York is already the next year in UTC.
    ['2023-12-31T20:00:00-05:00', '2024-01-01'],
    ['2024-01-01T03:00:00+05:30', '2023-12-31'],
  ])('%s is the UTC day %s', (time, key) => {
    expect(utcDayKey(at(time))).toBe(key);
  });

  it('is the same for every time of a UTC day and matches its start', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        expect(utcDayKey(time)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(utcDayKey(startOfUtcDay(time))).toBe(utcDayKey(time));
        expect(utcDayKey(new Date(nextUtcMidnight(time).getTime() - 1))).toBe(utcDayKey(time));
      }),
    );
  });
});

describe('utcDaysBetween', () => {
  it.each([
    ['2024-05-17T00:00:00Z', '2024-05-17T23:59:59.999Z', 0],
    ['2024-05-17T23:59:59.999Z', '2024-05-17T00:00:00Z', 0],
    ['2024-05-17T23:59:59Z', '2024-05-18T00:00:00Z', 1],
    ['2024-05-17T00:00:00Z', '2024-05-18T23:59:59Z', 1],
    ['2024-05-17T12:00:00Z', '2024-05-19T00:00:00Z', 2],
    // Month and year ends, leap and common Februaries.
    ['2024-01-31T12:00:00Z', '2024-02-01T12:00:00Z', 1],
    ['2024-02-28T12:00:00Z', '2024-03-01T12:00:00Z', 2],
    ['2023-02-28T12:00:00Z', '2023-03-01T12:00:00Z', 1],
    ['2023-12-31T23:00:00Z', '2024-01-01T01:00:00Z', 1],
    ['2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 366],
    ['2023-01-01T00:00:00Z', '2024-01-01T00:00:00Z', 365],
    // Across the US DST changes: still whole days.
    ['2024-03-09T12:00:00Z', '2024-03-11T12:00:00Z', 2],
    ['2024-11-02T12:00:00Z', '2024-11-04T12:00:00Z', 2],
    // Backwards gives a negative count.
    ['2024-05-18T00:00:00Z', '2024-05-17T23:59:59Z', -1],
    ['2025-01-01T00:00:00Z', '2024-01-01T00:00:00Z', -366],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(utcDaysBetween(at(from), at(to))).toBe(days);
  });

  it('counts UTC calendar days, not local ones', () => {
    // Both are 9 and 10 May in New York, but the same UTC day.
    expect(utcDaysBetween(at('2024-05-09T22:00:00-04:00'), at('2024-05-10T01:00:00-04:00'))).toBe(
      0,
    );
  });

  it('is an integer, antisymmetric, and adds up over an intermediate day', () => {
    fc.assert(
      fc.property(anyTime, anyTime, anyTime, (a, b, c) => {
        const ab = utcDaysBetween(a, b);
        expect(Number.isInteger(ab)).toBe(true);
        expect(utcDaysBetween(b, a) + ab).toBe(0);
        expect(utcDaysBetween(a, c)).toBe(ab + utcDaysBetween(b, c));
      }),
    );
  });

  it('is 1 from any time to any time of the next UTC day', () => {
    fc.assert(
      fc.property(anyTime, fc.integer({ min: 0, max: DAY_MS - 1 }), (time, offset) => {
        fc.pre(time.getTime() < Date.UTC(9999, 11, 31));
        const nextDayTime = new Date(nextUtcMidnight(time).getTime() + offset);
        expect(utcDaysBetween(time, nextDayTime)).toBe(1);
      }),
    );
  });
});

describe('utcDayBounds', () => {
  it('covers whole UTC days, both ends inclusive', () => {
    expect(utcDayBounds({ startDate: '2024-03-09', endDate: '2024-03-10' })).toEqual({
      from: at('2024-03-09T00:00:00Z'),
      to: at('2024-03-11T00:00:00Z'),
    });
  });

  it('leaves a missing end open', () => {
    expect(utcDayBounds({})).toEqual({ from: undefined, to: undefined });
    expect(utcDayBounds({ endDate: '2024-12-31' })).toEqual({
      from: undefined,
      to: at('2025-01-01T00:00:00Z'),
    });
  });
});
