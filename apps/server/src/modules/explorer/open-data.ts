/**
 * The explorer's open data (issue 31, docs/decisions/042): each built period's published
 * cells and countries as files anyone may take, with their sizes and SHA-256 so a copy can be
 * checked. A file is written from the tables as they are and kept for its period's build:
 * the same build always gives the same bytes, and a rebuild a new file.
 */
import { createHash } from 'node:crypto';
import type { OpenDataFileName, OpenDataIndex, PlaceFigures } from '@netpulse/shared';
import { OPEN_DATA_FILES } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { CompressibleBody } from '../../lib/compressed-body.ts';
import { csvLine, type CsvValue } from '../../lib/csv.ts';
import { ringOf } from './cell-outline.ts';
import { countryOf, figuresOf } from './explorer-answers.ts';
import {
  builtPeriodRows,
  cellRowsOf,
  countryRowsOf,
  periodRowOf,
  type PeriodRow,
} from './explorer-repository.ts';

/** What the files say of themselves: their licence, and the name they are cited by. */
export interface OpenDataTerms {
  license: string;
  productName: string;
  publicUrl: string;
}

export interface OpenDataFile {
  /** The file's bytes, with their compressed copies once asked for. */
  content: CompressibleBody;
  contentType: string;
  bytes: number;
  sha256: string;
}

const PUBLISHED_RESOLUTIONS = [3, 4, 5, 6, 7];
const CONTENT_TYPES: Record<OpenDataFileName, string> = {
  'cells.csv': 'text/csv; charset=utf-8',
  'cells.geojson': 'application/geo+json',
  'countries.csv': 'text/csv; charset=utf-8',
};

/** The figures' columns, as the CSV files and the GeoJSON properties name them. */
const FIGURE_HEADERS = [
  'tests',
  'nodes',
  'download_mbps_p25',
  'download_mbps_median',
  'download_mbps_p75',
  'upload_mbps_p25',
  'upload_mbps_median',
  'upload_mbps_p75',
  'latency_ms_p25',
  'latency_ms_median',
  'latency_ms_p75',
];

const figureValues = (row: PlaceFigures): CsvValue[] => [
  row.tests,
  row.nodes,
  ...[row.download_mbps, row.upload_mbps, row.latency_ms].flatMap((q) => [q.p25, q.median, q.p75]),
];

/** How the data is cited: the product, the period, where it is. */
export function citationOf(terms: OpenDataTerms, period?: string): string {
  const what = period ? `network explorer, ${period}` : 'network explorer';
  return `${terms.productName} ${what}. ${terms.publicUrl}/v1/open-data (${terms.license})`;
}

async function cellRowsOfAll(db: Queryable, period: string) {
  const rows = [];
  for (const resolution of PUBLISHED_RESOLUTIONS) {
    rows.push(
      // Figures only: the files write their own rings (GeoJSON) or none (CSV).
      ...(await cellRowsOf(db, period, resolution)).map((row) => ({
        resolution,
        cell: row.cell,
        ...figuresOf(row),
      })),
    );
  }
  return rows;
}

async function bodyOf(
  db: Queryable,
  built: PeriodRow,
  name: OpenDataFileName,
  terms: OpenDataTerms,
): Promise<string> {
  const { period } = built;
  if (name === 'countries.csv') {
    const rows = (await countryRowsOf(db, period)).map(countryOf);
    return (
      csvLine(['period', 'country', ...FIGURE_HEADERS]) +
      rows.map((row) => csvLine([period, row.country, ...figureValues(row)])).join('')
    );
  }
  const cells = await cellRowsOfAll(db, period);
  if (name === 'cells.csv') {
    return (
      csvLine(['period', 'resolution', 'cell', ...FIGURE_HEADERS]) +
      cells.map((row) => csvLine([period, row.resolution, row.cell, ...figureValues(row)])).join('')
    );
  }
  const features = cells.map((row) => ({
    type: 'Feature',
    id: row.cell,
    geometry: { type: 'Polygon', coordinates: [ringOf(row.cell)] },
    properties: Object.fromEntries([
      ['period', period],
      ['resolution', row.resolution],
      ['cell', row.cell],
      ...FIGURE_HEADERS.map((header, at) => [header, figureValues(row)[at]]),
    ]),
  }));
  return JSON.stringify({
    type: 'FeatureCollection',
    license: terms.license,
    citation: citationOf(terms, period),
    built_at: built.builtAt.toISOString(),
    features,
  });
}

/** Files written once per build: at most this many kept (a year of periods, three each). */
const KEPT_FILES = 200;

/**
 * The open data of one app's database: each file is written once per build and kept, so the
 * index and the downloads agree on the bytes and a rebuild is the only thing that changes them.
 */
export function openDataOf(db: Queryable, terms: OpenDataTerms) {
  const written = new Map<string, OpenDataFile>();

  async function fileOfBuild(built: PeriodRow, name: OpenDataFileName): Promise<OpenDataFile> {
    const key = `${built.period}/${built.builtAt.getTime()}/${name}`;
    const kept = written.get(key);
    if (kept) return kept;
    const body = Buffer.from(await bodyOf(db, built, name, terms));
    const file = {
      // Megabytes for a month's cells: compressed quickly, as its first request waits for it.
      content: new CompressibleBody(body, 'quick'),
      contentType: CONTENT_TYPES[name],
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    };
    if (written.size >= KEPT_FILES) written.delete(written.keys().next().value!);
    written.set(key, file);
    return file;
  }

  return {
    /** A built period's file, or null when the period was never built. */
    async file(period: string, name: OpenDataFileName): Promise<OpenDataFile | null> {
      const built = await periodRowOf(db, period);
      return built ? fileOfBuild(built, name) : null;
    },

    /** Every built period with its files' addresses, sizes and digests. */
    async index(): Promise<OpenDataIndex> {
      const periods = [];
      for (const built of await builtPeriodRows(db)) {
        const files = [];
        for (const name of OPEN_DATA_FILES) {
          const file = await fileOfBuild(built, name);
          files.push({
            name,
            url: `${terms.publicUrl}/v1/open-data/${built.period}/${name}`,
            bytes: file.bytes,
            sha256: file.sha256,
          });
        }
        periods.push({ period: built.period, built_at: built.builtAt.toISOString(), files });
      }
      return { license: terms.license, citation: citationOf(terms), periods };
    },
  };
}
