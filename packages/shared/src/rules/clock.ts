/**
 * The one clock (decision 031): every time that reaches a screen, in the web app and
 * the extension popup, is written here. A moment reads `YYYY-MM-DD HH:mm` and a date
 * alone `YYYY-MM-DD`, on the 24-hour clock, in the person's own zone (the runtime's,
 * unless a zone is named: "UTC" where a rule runs on UTC, a fixed zone in tests).
 * A moment within the last day also reads relative ("12 min ago"), and a wait reads
 * as a duration ("3 h 12 min"). Those two read in the page's language when given a `locale`;
 * the absolute times never change with the language, and are always in Latin digits.
 */
import { isSourceLanguage, numberFormat, relativeTimeFormat } from './locale-format.ts';

/** A moment as the API sends it (ISO 8601) or as a Date. */
export type Moment = string | Date;

interface ClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/**
 * One Intl formatter per zone: building one costs far more than using it, and a table
 * writes dozens of times. `en-US` only fixes which parts come out as digits; the order
 * and separators are ours, so no locale changes them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which writes midnight as "24:00" in some engines.
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(moment: Moment, timeZone: string | undefined): ClockParts {
  const parts: ClockParts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatterFor(timeZone).formatToParts(new Date(moment))) {
    if (part.type in parts) parts[part.type as keyof ClockParts] = part.value;
  }
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

/** `YYYY-MM-DD HH:mm` of a moment in `timeZone` (default: the runtime's zone). */
export function formatDateTime(moment: Moment, timeZone?: string): string {
  const { year, month, day, hour, minute } = partsOf(moment, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** `YYYY-MM-DD` of the day a moment falls on in `timeZone` (default: the runtime's zone). */
export function formatDate(moment: Moment, timeZone?: string): string {
  const { year, month, day } = partsOf(moment, timeZone);
  return `${year}-${month}-${day}`;
}

/** `HH:mm` of a moment in `timeZone`: only beside a named zone, as in "00:00 UTC". */
export function formatClock(moment: Moment, timeZone?: string): string {
  const { hour, minute } = partsOf(moment, timeZone);
  return `${hour}:${minute}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Up to this age a moment also reads relative; from it on, only absolute. */
export const RELATIVE_WINDOW_MS = 24 * HOUR_MS;
/** A moment this far ahead still reads "just now": the server's and the browser's clocks differ a little. */
const CLOCK_SKEW_MS = MINUTE_MS;

/** How old a moment reads: "just now", whole minutes or whole hours (rounded down, as an age reads). */
export type RelativeAge =
  { unit: 'now' } | { unit: 'minute'; count: number } | { unit: 'hour'; count: number };

/**
 * The age of a moment within the last day, for a text in any language; null for anything
 * older or ahead of `now`, which reads only absolute.
 */
export function relativeAge(moment: Moment, now: Date): RelativeAge | null {
  const ageMs = now.getTime() - new Date(moment).getTime();
  if (Number.isNaN(ageMs) || ageMs < -CLOCK_SKEW_MS || ageMs >= RELATIVE_WINDOW_MS) return null;
  if (ageMs < MINUTE_MS) return { unit: 'now' };
  if (ageMs < HOUR_MS) return { unit: 'minute', count: Math.floor(ageMs / MINUTE_MS) };
  return { unit: 'hour', count: Math.floor(ageMs / HOUR_MS) };
}

/**
 * "just now", "12 min ago" or "3 h ago" for a moment within the last day; null for anything
 * older or ahead of `now`. In another `locale` the language's own short relative time
 * ("hace 12 min", "12 мин. назад", "قبل 12 دقيقة"), in Latin digits. The web app writes the
 * same age through its catalogs instead (components/ui/time.tsx).
 */
export function formatRelative(moment: Moment, now: Date, locale?: string): string | null {
  const age = relativeAge(moment, now);
  if (age === null) return null;
  if (isSourceLanguage(locale)) {
    if (age.unit === 'now') return 'just now';
    return age.unit === 'minute' ? `${age.count} min ago` : `${age.count} h ago`;
  }
  const format = relativeTimeFormat(locale);
  return age.unit === 'now' ? format.format(0, 'second') : format.format(-age.count, age.unit);
}

/** A wait in whole hours and minutes, rounded up as a countdown reads: 30 s left is 1 min. */
export interface DurationParts {
  hours: number;
  minutes: number;
}

export function durationParts(remainingMs: number): DurationParts {
  const minutesLeft = Number.isFinite(remainingMs)
    ? Math.max(0, Math.ceil(remainingMs / MINUTE_MS))
    : 0;
  return { hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60 };
}

/**
 * A wait as "3 h 12 min", "3 h" or "8 min", in whole minutes rounded up as a countdown
 * reads: 30 s left is "1 min", nothing left is "0 min". In another `locale` the language's
 * short units ("3 ч 12 мин", "3小时 12分钟"), in Latin digits.
 */
export function formatDuration(remainingMs: number, locale?: string): string {
  const { hours, minutes } = durationParts(remainingMs);
  const hoursText = isSourceLanguage(locale) ? `${hours} h` : unitText(hours, 'hour', locale);
  const minutesText = isSourceLanguage(locale)
    ? `${minutes} min`
    : unitText(minutes, 'minute', locale);
  if (hours === 0) return minutesText;
  return minutes === 0 ? hoursText : `${hoursText} ${minutesText}`;
}

function unitText(value: number, unit: 'hour' | 'minute', locale: string | undefined): string {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
