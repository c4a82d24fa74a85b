/**
 * The explorer's periods (docs/decisions/042): each calendar month `YYYY-MM` in UTC, and
 * `last-30-days`, the 30 days up to the moment of its build.
 */
import { LAST_30_DAYS } from '@netpulse/shared';

const DAY_MS = 86_400_000;
/** Into a new month, the previous one is rebuilt for this many days: its late completions. */
const PREVIOUS_MONTH_REBUILT_DAYS = 3;

/** The instants a period covers: from `startsAt`, up to but not including `endsAt`. */
export interface PeriodRange {
  startsAt: Date;
  endsAt: Date;
}

/** The month `YYYY-MM` that holds `at` (UTC). */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The range of `period` (already checked by the shared schema) as built at `now`. */
export function rangeOf(period: string, now: Date): PeriodRange {
  if (period === LAST_30_DAYS) {
    return { startsAt: new Date(now.getTime() - 30 * DAY_MS), endsAt: now };
  }
  const [year, month] = period.split('-').map(Number) as [number, number];
  return {
    startsAt: new Date(Date.UTC(year, month - 1, 1)),
    endsAt: new Date(Date.UTC(year, month, 1)),
  };
}

/**
 * What the daily job rebuilds at `now`: the current month and the last 30 days, and in the
 * first days of a month the previous month too (the tests completed in its last hours).
 */
export function periodsToRebuild(now: Date): string[] {
  const periods = [monthOf(now), LAST_30_DAYS];
  if (now.getUTCDate() <= PREVIOUS_MONTH_REBUILT_DAYS) {
    periods.unshift(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))));
  }
  return periods;
}
