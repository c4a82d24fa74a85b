import { describe, expect, it } from 'vitest';
import { deliverableAt, localDateOf } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);
const night = { start: '22:00', end: '07:00' };

describe('deliverableAt', () => {
  it('is now without quiet hours, or outside them', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(deliverableAt({ quiet_hours: null, time_zone: 'UTC' }, now)).toEqual(now);
    expect(deliverableAt({ quiet_hours: night, time_zone: 'UTC' }, now)).toEqual(now);
    // The end itself is no longer quiet.
    const end = at('2026-03-10T07:00:00Z');
    expect(deliverableAt({ quiet_hours: night, time_zone: 'UTC' }, end)).toEqual(end);
  });

  it('waits across midnight: before it until the next morning, after it until this morning', () => {
    const utc = { quiet_hours: night, time_zone: 'UTC' };
    expect(deliverableAt(utc, at('2026-03-10T23:30:00Z'))).toEqual(at('2026-03-11T07:00:00Z'));
    expect(deliverableAt(utc, at('2026-03-10T22:00:00Z'))).toEqual(at('2026-03-11T07:00:00Z'));
    expect(deliverableAt(utc, at('2026-03-11T03:15:00Z'))).toEqual(at('2026-03-11T07:00:00Z'));
  });

  it('waits within one day when the hours do not span midnight', () => {
    const lunch = { quiet_hours: { start: '12:00', end: '14:30' }, time_zone: 'UTC' };
    expect(deliverableAt(lunch, at('2026-03-10T13:00:00Z'))).toEqual(at('2026-03-10T14:30:00Z'));
    expect(deliverableAt(lunch, at('2026-03-10T11:59:00Z'))).toEqual(at('2026-03-10T11:59:00Z'));
  });

  it('reads the hours in the person’s zone', () => {
    const tokyo = { quiet_hours: night, time_zone: 'Asia/Tokyo' };
    // 23:00 in Tokyo (UTC+9) is 14:00 UTC; 07:00 there the next day is 22:00 UTC.
    expect(deliverableAt(tokyo, at('2026-03-10T14:00:00Z'))).toEqual(at('2026-03-10T22:00:00Z'));
    const newYork = { quiet_hours: night, time_zone: 'America/New_York' };
    // 01:00 in New York (UTC-5 in January) ends at 07:00 there, 12:00 UTC.
    expect(deliverableAt(newYork, at('2026-01-15T06:00:00Z'))).toEqual(at('2026-01-15T12:00:00Z'));
  });

  it('ends at the local hour on the night a DST change shortens or lengthens', () => {
    const lisbon = { quiet_hours: night, time_zone: 'Europe/Lisbon' };
    // 29 March 2026: Lisbon goes from UTC+0 to UTC+1 at 01:00; 07:00 local is 06:00 UTC.
    expect(deliverableAt(lisbon, at('2026-03-28T23:00:00Z'))).toEqual(at('2026-03-29T06:00:00Z'));
    // 25 October 2026: back to UTC+0; 07:00 local is 07:00 UTC.
    expect(deliverableAt(lisbon, at('2026-10-24T22:30:00Z'))).toEqual(at('2026-10-25T07:00:00Z'));
  });

  it('lands after the jump when the end is a time the DST change skips', () => {
    // New York skips 02:00-03:00 on 8 March 2026; quiet until 02:30 ends at 03:00 EDT (07:00 UTC).
    const newYork = {
      quiet_hours: { start: '23:00', end: '02:30' },
      time_zone: 'America/New_York',
    };
    const ends = deliverableAt(newYork, at('2026-03-08T05:00:00Z'));
    expect(ends.getTime()).toBeGreaterThan(at('2026-03-08T05:00:00Z').getTime());
    expect(ends.getTime()).toBeLessThanOrEqual(at('2026-03-08T07:30:00Z').getTime());
  });
});

describe('localDateOf', () => {
  it('names the date of the person’s zone', () => {
    expect(localDateOf(at('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-11');
    expect(localDateOf(at('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
  });
});
