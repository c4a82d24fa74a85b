/**
 * The explorer's rows as the public API writes them: counts and quartiles, never the
 * accounts a row was judged by (docs/decisions/042).
 */
import type { ExplorerCell, ExplorerCountry, PlaceFigures } from '@netpulse/shared';
import { outlineOf } from './cell-outline.ts';
import type { CellRow, CountryRow, PeriodRow } from './explorer-repository.ts';

type FigureRow = Pick<
  PeriodRow,
  | 'tests'
  | 'nodes'
  | 'downloadP25'
  | 'downloadMedian'
  | 'downloadP75'
  | 'uploadP25'
  | 'uploadMedian'
  | 'uploadP75'
  | 'latencyP25'
  | 'latencyMedian'
  | 'latencyP75'
>;

/** A row's published figures; its `accounts` stays behind. */
export function figuresOf(row: FigureRow): PlaceFigures {
  return {
    tests: row.tests,
    nodes: row.nodes,
    download_mbps: { p25: row.downloadP25, median: row.downloadMedian, p75: row.downloadP75 },
    upload_mbps: { p25: row.uploadP25, median: row.uploadMedian, p75: row.uploadP75 },
    latency_ms: { p25: row.latencyP25, median: row.latencyMedian, p75: row.latencyP75 },
  };
}

export const cellOf = (row: CellRow): ExplorerCell => ({
  cell: row.cell,
  ...figuresOf(row),
  boundary: outlineOf(row.cell),
});

export const countryOf = (row: CountryRow): ExplorerCountry => ({
  country: row.country,
  ...figuresOf(row),
});
