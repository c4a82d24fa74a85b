/**
 * The explorer's figures as the public API gives them (issue 31): quartiles of each metric
 * for a place, never a minimum, a maximum, an account or a node.
 */
import type { ExplorerMetric } from '@/features/explorer/map/metric-scale';
import { METRIC_FIELD } from '@/features/explorer/map/metric-scale';

export interface Quartiles {
  p25: number;
  median: number;
  p75: number;
}

export interface PlaceFigures {
  tests: number;
  nodes: number;
  /** Null when no test of the place measured it. */
  download_mbps: Quartiles | null;
  upload_mbps: Quartiles | null;
  latency_ms: Quartiles | null;
}

/** The figures of one metric of a place. */
export const quartilesOf = (place: PlaceFigures, metric: ExplorerMetric) =>
  place[METRIC_FIELD[metric]];

/** The rolling period, beside the calendar months. */
export const LAST_30_DAYS = 'last-30-days';

/** The periods the picker offers: the last 30 days, then this month and the eleven before. */
export function explorerPeriods(now: Date): string[] {
  const months = Array.from({ length: 12 }, (_, back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
  return [LAST_30_DAYS, ...months];
}
