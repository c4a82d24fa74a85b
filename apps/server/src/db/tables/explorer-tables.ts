/**
 * The explorer's published figures: the explorer module's tables (docs/ARCHITECTURE.md
 * section 9, docs/decisions/042). Each period's rows are derived from the speed tests and
 * replaced whole, in one transaction, by a rebuild; nothing else writes them.
 */
import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A place's figures: how many tests counted, how many distinct nodes ran them, how many
 * accounts (kept to judge publication, never served) and the quartiles of each measure
 * (null when no counted test measured it).
 */
const figures = () => ({
  tests: integer('tests').notNull(),
  nodes: integer('nodes').notNull(),
  accounts: integer('accounts').notNull(),
  downloadP25: doublePrecision('download_p25'),
  downloadMedian: doublePrecision('download_median'),
  downloadP75: doublePrecision('download_p75'),
  uploadP25: doublePrecision('upload_p25'),
  uploadMedian: doublePrecision('upload_median'),
  uploadP75: doublePrecision('upload_p75'),
  latencyP25: doublePrecision('latency_p25'),
  latencyMedian: doublePrecision('latency_median'),
  latencyP75: doublePrecision('latency_p75'),
});

/** A built period (`YYYY-MM` or `last-30-days`) and the whole network's figures in it. */
export const explorerPeriods = pgTable('explorer_periods', {
  period: text('period').primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
  /** The period's first instant and the instant after its last (UTC). */
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  ...figures(),
});

/** The published H3 cells of a period, resolutions 3 to 7 (never 8: the tests' own cells). */
export const explorerCells = pgTable(
  'explorer_cells',
  {
    period: text('period').notNull(),
    resolution: smallint('resolution').notNull(),
    cell: text('cell').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ columns: [t.period, t.resolution, t.cell] })],
);

/** The published countries (ISO 3166-1 alpha-2) of a period. */
export const explorerCountries = pgTable(
  'explorer_countries',
  {
    period: text('period').notNull(),
    country: text('country').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ columns: [t.period, t.country] })],
);
