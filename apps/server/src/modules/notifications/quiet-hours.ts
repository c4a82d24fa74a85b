/**
 * Quiet hours (issue 30): mail and push wait until they end, in the person's time zone; the
 * app does not. Pure: the moment is handed in.
 */
import type { NotificationPreferences } from '@netpulse/shared';

const MINUTES_A_DAY = 24 * 60;
const MINUTE_MS = 60_000;

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The wall clock's minute of the day at `at` in `timeZone` (0 to 1439). */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When a mail or push made at `now` may go: `now` outside quiet hours, else the moment they
 * end in `preferences.time_zone`. A start after the end spans midnight (22:00 to 07:00); the
 * start is quiet, the end is not.
 */
export function deliverableAt(preferences: NotificationPreferences, now: Date): Date {
  const quiet = preferences.quiet_hours;
  if (!quiet) return now;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const minute = minuteOfDay(now, preferences.time_zone);
  const isQuiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!isQuiet) return now;
  const startOfMinute = now.getTime() - (now.getTime() % MINUTE_MS);
  let endsAt = startOfMinute + ((end - minute + MINUTES_A_DAY) % MINUTES_A_DAY) * MINUTE_MS;
  // A daylight-saving change in between moves the wall clock by its offset: set it right.
  const drift = end - minuteOfDay(new Date(endsAt), preferences.time_zone);
  const correction = ((drift + MINUTES_A_DAY * 1.5) % MINUTES_A_DAY) - MINUTES_A_DAY / 2;
  endsAt += correction * MINUTE_MS;
  return new Date(Math.max(endsAt, now.getTime()));
}
