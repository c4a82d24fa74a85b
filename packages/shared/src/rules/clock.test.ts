import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatRelative,
  RELATIVE_WINDOW_MS,
} from './clock.ts';

const LOS_ANGELES = 'America/Los_Angeles';
const KOLKATA = 'Asia/Kolkata'; // UTC+05:30 all year: the minutes differ from UTC's too
const NEW_YORK = 'America/New_York';

const anyTime = fc.date({
  min: new Date('1971-01-01T00:00:00Z'),
  max: new Date('9998-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('formatDateTime (YYYY-MM-DD HH:mm in the named zone)', () => {
  it('writes the same moment in each zone', () => {
    // The Earnings row next to the network table: one moment, one reading per zone.
    const moment = '2026-11-25T12:41:00.000Z';
    expect(formatDateTime(moment, 'UTC')).toBe('2026-11-25 12:41');
    expect(formatDateTime(moment, LOS_ANGELES)).toBe('2026-11-25 04:41');
    expect(formatDateTime(moment, KOLKATA)).toBe('2026-11-25 18:11');
  });

  it('takes an ISO string or a Date alike', () => {
    const iso = '2024-06-15T12:00:00+00:00';
    expect(formatDateTime(new Date(iso), KOLKATA)).toBe(formatDateTime(iso, KOLKATA));
    expect(formatDateTime(iso, KOLKATA)).toBe('2024-06-15 17:30');
  });

  it.each([
    // Noon and midnight on the 24-hour clock, never "12" for both and never "24:00".
    ['2024-01-01T06:30:00Z', '2024-01-01 12:00'],
    ['2023-12-31T18:30:00Z', '2024-01-01 00:00'],
    ['2024-01-01T00:29:00Z', '2024-01-01 05:59'],
    ['2024-01-01T12:29:00Z', '2024-01-01 17:59'],
    // The local day is the day after the UTC one, across a year end and a leap day.
    ['2023-12-31T20:00:00Z', '2024-01-01 01:30'],
    ['2024-02-28T19:00:00Z', '2024-02-29 00:30'],
  ])('%s reads %s in Kolkata', (iso, text) => {
    expect(formatDateTime(iso, KOLKATA)).toBe(text);
  });

  it('writes midnight as 00:00 and the minute before as 23:59', () => {
    expect(formatDateTime('2026-11-26T08:00:00Z', LOS_ANGELES)).toBe('2026-11-26 00:00');
    expect(formatDateTime('2026-11-26T07:59:59Z', LOS_ANGELES)).toBe('2026-11-25 23:59');
    expect(formatDateTime('2026-11-26T00:00:00Z', 'UTC')).toBe('2026-11-26 00:00');
  });

  it.each([
    ['2024-01-15T17:05:00Z', '2024-01-15 12:05'], // EST, UTC-5
    ['2024-07-15T17:05:00Z', '2024-07-15 13:05'], // EDT, UTC-4
    ['2024-03-10T06:59:00Z', '2024-03-10 01:59'], // the minute before the spring change
    ['2024-03-10T07:00:00Z', '2024-03-10 03:00'], // 02:00 never happens that night
    ['2024-11-03T05:30:00Z', '2024-11-03 01:30'], // the repeated hour, first time
    ['2024-11-03T06:30:00Z', '2024-11-03 01:30'], // and second time
  ])('%s reads %s across daylight saving time in New York', (iso, text) => {
    expect(formatDateTime(iso, NEW_YORK)).toBe(text);
  });

  it('defaults to the runtime zone', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime('2024-07-15T17:05:00Z')).toBe(
      formatDateTime('2024-07-15T17:05:00Z', zone),
    );
  });

  it('is its date, a space and its clock, for any moment', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const text = formatDateTime(time, KOLKATA);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d$/);
        expect(text).toBe(`${formatDate(time, KOLKATA)} ${formatClock(time, KOLKATA)}`);
        expect(formatDateTime(time, 'UTC')).toBe(
          `${time.toISOString().slice(0, 10)} ${time.toISOString().slice(11, 16)}`,
        );
      }),
    );
  });
});

describe('formatDate (YYYY-MM-DD of the day in the named zone)', () => {
  it("is the zone's day, not the UTC day", () => {
    expect(formatDate('2026-11-25T03:00:00Z', 'UTC')).toBe('2026-11-25');
    expect(formatDate('2026-11-25T03:00:00Z', LOS_ANGELES)).toBe('2026-11-24');
    expect(formatDate('2026-11-25T20:00:00Z', KOLKATA)).toBe('2026-11-26');
  });

  it('of a local calendar day (a picked date) is that day', () => {
    // The picker hands over local midnights: in the runtime zone they read as their own day.
    expect(formatDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(formatDate(new Date(2024, 1, 29))).toBe('2024-02-29');
  });
});

describe('formatRelative (within the last day)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MIN, '1 min ago'],
    [12 * MIN + 59_000, '12 min ago'],
    [59 * MIN + 59_999, '59 min ago'],
    [HOUR, '1 h ago'],
    [3 * HOUR + 59 * MIN, '3 h ago'],
    [RELATIVE_WINDOW_MS - 1, '23 h ago'],
  ])('%s ms ago reads %s', (ms, text) => {
    expect(formatRelative(ago(ms), now)).toBe(text);
  });

  it('stops at one day: from then on only the absolute time reads', () => {
    expect(formatRelative(ago(RELATIVE_WINDOW_MS), now)).toBeNull();
    expect(formatRelative(ago(3 * RELATIVE_WINDOW_MS), now)).toBeNull();
  });

  it('reads a moment a little ahead (clock skew) as just now, and a later one not at all', () => {
    expect(formatRelative(ago(-30_000), now)).toBe('just now');
    expect(formatRelative(ago(-5 * MIN), now)).toBeNull();
  });

  it('does not care about the zone: an age is an age', () => {
    // Yesterday 23:59 local and today 00:01 are two minutes apart, not a day.
    const beforeMidnight = new Date('2026-11-26T07:59:00Z'); // 23:59 in Los Angeles
    const afterMidnight = new Date('2026-11-26T08:01:00Z');
    expect(formatRelative(beforeMidnight, afterMidnight)).toBe('2 min ago');
  });
});

describe('formatDuration ("3 h 12 min")', () => {
  it.each([
    [0, '0 min'],
    [-5_000, '0 min'],
    [1, '1 min'],
    [30_000, '1 min'],
    [60_000, '1 min'],
    [60_001, '2 min'],
    [8 * 60_000, '8 min'],
    [59 * 60_000 + 1, '1 h'],
    [60 * 60_000, '1 h'],
    [(3 * 60 + 12) * 60_000, '3 h 12 min'],
    [(3 * 60 + 11) * 60_000 + 1, '3 h 12 min'],
    [24 * 60 * 60_000, '24 h'],
    [Number.NaN, '0 min'],
  ])('%s ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
