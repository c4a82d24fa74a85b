import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type QuietHours } from '@netpulse/shared';
import { deliverableAt } from './quiet-hours.ts';

const preferences = (quiet_hours: QuietHours | null, time_zone = 'UTC') => ({
  ...defaultNotificationPreferences(),
  quiet_hours,
  time_zone,
});
const at = (iso: string) => new Date(iso);

describe('deliverableAt', () => {
  it('answers now without quiet hours, or outside them', () => {
    const now = at('2026-03-10T12:34:56.000Z');
    expect(deliverableAt(preferences(null), now)).toEqual(now);
    expect(deliverableAt(preferences({ start: '22:00', end: '07:00' }), now)).toEqual(now);
    expect(deliverableAt(preferences({ start: '13:00', end: '14:00' }), now)).toEqual(now);
  });

  it('waits for the end of quiet hours within one day, the end itself not quiet', () => {
    const quiet = preferences({ start: '12:00', end: '14:30' });
    expect(deliverableAt(quiet, at('2026-03-10T12:00:00.000Z'))).toEqual(
      at('2026-03-10T14:30:00.000Z'),
    );
    expect(deliverableAt(quiet, at('2026-03-10T14:29:59.000Z'))).toEqual(
      at('2026-03-10T14:30:00.000Z'),
    );
    const end = at('2026-03-10T14:30:00.000Z');
    expect(deliverableAt(quiet, end)).toEqual(end);
  });

  it('spans midnight when the start is after the end', () => {
    const night = preferences({ start: '22:00', end: '07:00' });
    expect(deliverableAt(night, at('2026-03-10T23:15:00.000Z'))).toEqual(
      at('2026-03-11T07:00:00.000Z'),
    );
    expect(deliverableAt(night, at('2026-03-11T03:00:00.000Z'))).toEqual(
      at('2026-03-11T07:00:00.000Z'),
    );
  });

  it('reads the hours on the person’s wall clock', () => {
    // 23:15 UTC is 08:15 in Tokyo (UTC+9): quiet from 08:00 to 09:00 there.
    const tokyo = preferences({ start: '08:00', end: '09:00' }, 'Asia/Tokyo');
    expect(deliverableAt(tokyo, at('2026-03-10T23:15:00.000Z'))).toEqual(
      at('2026-03-11T00:00:00.000Z'),
    );
    // Over the spring change in Lisbon (29 March 2026, 01:00 UTC the clocks go to 02:00):
    // quiet until 07:00 local is 06:00 UTC after it, not 07:00.
    const lisbon = preferences({ start: '22:00', end: '07:00' }, 'Europe/Lisbon');
    expect(deliverableAt(lisbon, at('2026-03-28T23:30:00.000Z'))).toEqual(
      at('2026-03-29T06:00:00.000Z'),
    );
  });
});
