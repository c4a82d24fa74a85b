import { describe, expect, it } from 'vitest';
import { ERROR_HOURS, ErrorsPerHour } from './errors-per-hour.ts';

const at = (iso: string) => new Date(iso);

describe('ErrorsPerHour', () => {
  it('counts 5xx and 4xx apart, per UTC hour, and ignores the rest', () => {
    const errors = new ErrorsPerHour();
    errors.record(500, at('2026-03-10T12:00:00.000Z'));
    errors.record(503, at('2026-03-10T12:59:59.999Z'));
    errors.record(404, at('2026-03-10T12:30:00.000Z'));
    errors.record(401, at('2026-03-10T13:00:00.000Z'));
    errors.record(200, at('2026-03-10T13:10:00.000Z'));
    errors.record(302, at('2026-03-10T13:10:00.000Z'));
    errors.record(399, at('2026-03-10T13:10:00.000Z'));

    const hours = errors.hours(at('2026-03-10T13:45:00.000Z'));
    expect(hours).toHaveLength(ERROR_HOURS);
    expect(hours.slice(-2)).toEqual([
      { hour: '2026-03-10T12:00:00.000Z', serverErrors: 2, clientErrors: 1 },
      { hour: '2026-03-10T13:00:00.000Z', serverErrors: 0, clientErrors: 1 },
    ]);
  });

  it('answers the 168 hours up to now, oldest first, with zeros where nothing failed', () => {
    const hours = new ErrorsPerHour().hours(at('2026-03-10T13:45:00.000Z'));
    expect(hours[0]?.hour).toBe('2026-03-03T14:00:00.000Z');
    expect(hours.at(-1)?.hour).toBe('2026-03-10T13:00:00.000Z');
    expect(hours.every((hour) => hour.serverErrors === 0 && hour.clientErrors === 0)).toBe(true);
    const starts = hours.map((hour) => Date.parse(hour.hour));
    expect(
      starts.slice(1).every((start, index) => start - (starts[index] ?? 0) === 3_600_000),
    ).toBe(true);
  });

  it('drops hours older than 7 days, also when their slot is reused', () => {
    const errors = new ErrorsPerHour();
    errors.record(500, at('2026-03-01T10:15:00.000Z'));
    errors.record(500, at('2026-03-07T10:15:00.000Z'));
    // Exactly 168 hours later: the first hour's slot, which must start from zero.
    errors.record(404, at('2026-03-08T10:15:00.000Z'));

    const hours = errors.hours(at('2026-03-08T10:20:00.000Z'));
    expect(hours.find((hour) => hour.hour === '2026-03-01T10:00:00.000Z')).toBeUndefined();
    expect(hours.find((hour) => hour.hour === '2026-03-07T10:00:00.000Z')).toEqual({
      hour: '2026-03-07T10:00:00.000Z',
      serverErrors: 1,
      clientErrors: 0,
    });
    expect(hours.at(-1)).toEqual({
      hour: '2026-03-08T10:00:00.000Z',
      serverErrors: 0,
      clientErrors: 1,
    });

    // A week on, with nothing recorded since, every hour reads zero: stale slots are not shown.
    const later = errors.hours(at('2026-03-15T11:00:00.000Z'));
    expect(later.reduce((sum, hour) => sum + hour.serverErrors + hour.clientErrors, 0)).toBe(0);
  });
});
