/**
 * The explorer's figures as the public API gives them (issue 31): quartiles of each metric
 * for a place, never a minimum, a maximum, an account or a node.
 */
import { LAST_30_DAYS, type PlaceFigures, type Quartiles } from '@netpulse/shared';
import { METRIC_FIELD, type ExplorerMetric } from '@/features/explorer/map/metric-scale';

export { LAST_30_DAYS };

/** A metric's quartiles for a place, or null when no counted test there measured it. */
export function quartilesOf(
  place: PlaceFigures,
  metric: ExplorerMetric,
): { p25: number; median: number; p75: number } | null {
  const { p25, median, p75 }: Quartiles = place[METRIC_FIELD[metric]];
  return p25 === null || median === null || p75 === null ? null : { p25, median, p75 };
}

/** The periods the picker offers: the last 30 days, then this month and the eleven before. */
export function explorerPeriods(now: Date): string[] {
  const months = Array.from({ length: 12 }, (_, back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
  return [LAST_30_DAYS, ...months];
}
