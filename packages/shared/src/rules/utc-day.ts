const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC at the start of the day `time` falls in. */
export function startOfUtcDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

/** Midnight UTC at the start of the day after the one `time` falls in. */
export function nextUtcMidnight(time: Date): Date {
  return new Date(startOfUtcDay(time).getTime() + DAY_MS);
}

/** The UTC calendar day as YYYY-MM-DD. */
export function utcDayKey(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** Whole UTC days from `from`'s day to `to`'s day (0 on the same day, 1 on the next). */
export function utcDaysBetween(from: Date, to: Date): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);
}

/**
 * The times of a filter of whole UTC days, `startDate` and `endDate` both
 * inclusive (YYYY-MM-DD, either may be absent): [from, to) for a query.
 */
export function utcDayBounds(range: { startDate?: string; endDate?: string }): {
  from?: Date;
  to?: Date;
} {
  return {
    from: range.startDate ? new Date(`${range.startDate}T00:00:00Z`) : undefined,
    to: range.endDate ? nextUtcMidnight(new Date(`${range.endDate}T00:00:00Z`)) : undefined,
  };
}
