import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

/**
 * The explorer's public figures (issue 31, docs/decisions/042): per period, the whole
 * network, the H3 cells at resolutions 3 to 7 and the countries that enough accounts
 * tested in. No answer names an account, a node, an address or a test's own cell.
 */

/** The rolling period, rebuilt daily; the others are calendar months in UTC. */
export const LAST_30_DAYS = 'last-30-days';
/** The coarsest and finest H3 resolutions the explorer publishes. */
export const EXPLORER_RESOLUTIONS = { coarsest: 3, finest: 7 } as const;

const PERIOD_PATTERN = /^(\d{4}-(0[1-9]|1[0-2])|last-30-days)$/;
const periodMessage = 'must be a month as YYYY-MM (UTC) or last-30-days';
const resolutionMessage = `must be an H3 resolution from ${EXPLORER_RESOLUTIONS.coarsest} to ${EXPLORER_RESOLUTIONS.finest}`;

export const explorerPeriodField = z
  .string({ error: periodMessage })
  .regex(PERIOD_PATTERN, { error: periodMessage });

export const explorerPeriodQuerySchema = z.object({ period: explorerPeriodField });
export type ExplorerPeriodQuery = z.infer<typeof explorerPeriodQuerySchema>;

export const explorerCellsQuerySchema = z.object({
  period: explorerPeriodField,
  resolution: z.coerce
    .number({ error: resolutionMessage })
    .int({ error: resolutionMessage })
    .min(EXPLORER_RESOLUTIONS.coarsest, { error: resolutionMessage })
    .max(EXPLORER_RESOLUTIONS.finest, { error: resolutionMessage }),
});
export type ExplorerCellsQuery = z.infer<typeof explorerCellsQuerySchema>;

/** A measure's quartiles over a place's counted tests; null when none measured it. */
export const quartilesSchema = z.object({
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
});
export type Quartiles = z.infer<typeof quartilesSchema>;

/** What every place publishes: counted tests, distinct nodes, and the three measures. */
export const placeFiguresSchema = z.object({
  tests: z.number().int(),
  nodes: z.number().int(),
  download_mbps: quartilesSchema,
  upload_mbps: quartilesSchema,
  latency_ms: quartilesSchema,
});
export type PlaceFigures = z.infer<typeof placeFiguresSchema>;

/** When the period was last built; null when never (its rows are then empty). */
const builtAtField = z.string().nullable();

export const explorerSummarySchema = z.object({
  period: z.string(),
  built_at: builtAtField,
  /** The fewest accounts a published place describes (`EXPLORER_MIN_ACCOUNTS`). */
  min_accounts: z.number().int(),
  /** The whole network, always published once built; null when never built. */
  network: placeFiguresSchema.nullable(),
});
export type ExplorerSummary = z.infer<typeof explorerSummarySchema>;
export const explorerSummaryEnvelopeSchema = dataEnvelope(explorerSummarySchema);

export const explorerCellSchema = placeFiguresSchema.extend({
  cell: z.string(),
  /**
   * The cell's corners, [longitude, latitude] to five decimals, closed and counter-clockwise,
   * so a map draws the hexagon without an H3 library of its own (about 100 KB for a browser).
   */
  boundary: z.array(z.tuple([z.number(), z.number()])),
});
export type ExplorerCell = z.infer<typeof explorerCellSchema>;
export const explorerCellsSchema = z.object({
  period: z.string(),
  resolution: z.number().int(),
  built_at: builtAtField,
  rows: z.array(explorerCellSchema),
});
export type ExplorerCells = z.infer<typeof explorerCellsSchema>;
export const explorerCellsEnvelopeSchema = dataEnvelope(explorerCellsSchema);

export const explorerCountrySchema = placeFiguresSchema.extend({ country: z.string() });
export type ExplorerCountry = z.infer<typeof explorerCountrySchema>;
export const explorerCountriesSchema = z.object({
  period: z.string(),
  built_at: builtAtField,
  rows: z.array(explorerCountrySchema),
});
export type ExplorerCountries = z.infer<typeof explorerCountriesSchema>;
export const explorerCountriesEnvelopeSchema = dataEnvelope(explorerCountriesSchema);

/** The open data's files of each built period (GET /v1/open-data/<period>/<name>). */
export const OPEN_DATA_FILES = ['cells.csv', 'cells.geojson', 'countries.csv'] as const;
export type OpenDataFileName = (typeof OPEN_DATA_FILES)[number];

export const openDataFileParamsSchema = z.object({
  period: explorerPeriodField,
  file: z.enum(OPEN_DATA_FILES, { error: `must be one of ${OPEN_DATA_FILES.join(', ')}` }),
});

/** GET /v1/open-data: the built periods, each file with its size and SHA-256, and the terms. */
export const openDataIndexSchema = z.object({
  license: z.string(),
  /** How to cite the data: the product's name, the period, the address. */
  citation: z.string(),
  periods: z.array(
    z.object({
      period: z.string(),
      built_at: z.string(),
      files: z.array(
        z.object({
          name: z.string(),
          url: z.string(),
          bytes: z.number().int(),
          sha256: z.string(),
        }),
      ),
    }),
  ),
});
export type OpenDataIndex = z.infer<typeof openDataIndexSchema>;
export const openDataIndexEnvelopeSchema = dataEnvelope(openDataIndexSchema);
