/**
 * Quiet hours (issue 30): mail and push wait until they end, in the person's time zone; the
 * app does not wait. Pure: the zone's rules (DST) come from the runtime's Intl data.
 */
import type { NotificationPreferences } from '@netpulse/shared';

const MINUTE_MS = 60_000;

/** A wall-clock reading in a zone. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` reads at `instant`. */
export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The local date as `YYYY-MM-DD` (a digest's delivery key names it). */
export function localDateOf(instant: Date, timeZone: string): string {
  const local = localTimeOf(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const local = localTimeOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a clock in `timeZone` reads this wall time. A wall time the zone skips (the
 * hour a DST change jumps over) lands on the first instant after the jump.
 */
function instantOf(timeZone: string, wall: Omit<LocalTime, 'second'>): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset at the guess, then at the corrected guess: two rounds settle across a change.
  let instant = asUtc - offsetMs(asUtc, timeZone);
  instant = asUtc - offsetMs(instant, timeZone);
  const reads = localTimeOf(new Date(instant), timeZone);
  if (reads.hour !== wall.hour || reads.minute !== wall.minute) {
    // A skipped wall time: the offset after the jump is the larger one, so the later instant.
    instant = Math.max(instant, asUtc - offsetMs(asUtc, timeZone));
  }
  return new Date(instant);
}

const minutesOf = (clockTime: string) => {
  const [hours = 0, minutes = 0] = clockTime.split(':').map(Number);
  return hours * 60 + minutes;
};

/** True when `minute` of the day is within quiet hours from `start` to `end` (`end` excluded). */
function isQuiet(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a mail or a push may go to the person: `now`, or the end of their quiet hours when
 * `now` falls inside them (in their time zone; hours that span midnight end the next day).
 */
export function deliverableAt(
  preferences: Pick<NotificationPreferences, 'quiet_hours' | 'time_zone'>,
  now: Date,
): Date {
  const quiet = preferences.quiet_hours;
  if (!quiet) return now;
  const local = localTimeOf(now, preferences.time_zone);
  const minute = local.hour * 60 + local.minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (!isQuiet(minute, start, end)) return now;
  // Past midnight already (or hours within one day): they end today; else tomorrow.
  const endsToday = minute < end;
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (endsToday ? 0 : 1)));
  const endsAt = instantOf(preferences.time_zone, {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: Math.floor(end / 60),
    minute: end % 60,
  });
  return endsAt.getTime() > now.getTime() ? endsAt : new Date(now.getTime() + MINUTE_MS);
}
