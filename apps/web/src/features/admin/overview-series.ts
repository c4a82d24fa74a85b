import type { TransactionType } from '@netpulse/shared';
import type { AdminOverview } from '@netpulse/shared/admin';

export interface BytesSeries {
  /** Every day with a credit, oldest first (the answer omits days without). */
  days: string[];
  /** One series per transaction type, its Bytes for each of `days` (0 where it had none). */
  series: { type: TransactionType; points: number[] }[];
}

/**
 * The overview's Bytes per day, one row per day and type, turned into the
 * stacked chart's series: a row per type, aligned on the same days.
 */
export function bytesPerDaySeries(rows: AdminOverview['bytesPerDay']): BytesSeries {
  const days = [...new Set(rows.map((row) => row.day.slice(0, 10)))].sort();
  const types = [...new Set(rows.map((row) => row.type))];
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const series = types.map((type) => ({ type, points: days.map(() => 0) }));
  const seriesOf = new Map(series.map((entry) => [entry.type, entry]));
  for (const row of rows) {
    const index = dayIndex.get(row.day.slice(0, 10));
    const entry = seriesOf.get(row.type);
    if (index !== undefined && entry) entry.points[index] = (entry.points[index] ?? 0) + row.points;
  }
  return { days, series };
}
