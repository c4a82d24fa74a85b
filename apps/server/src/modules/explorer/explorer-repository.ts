/**
 * The explorer's read model and its tables (docs/decisions/042). A rebuild reads the speed
 * tests and the accounts (speedtests', auth's) by name in its SQL, as the fraud signals'
 * read model does, and writes only the explorer's own tables, all in the caller's
 * transaction, so a period's rows are replaced whole or not at all.
 *
 * The heavy work stays in the database: the counted tests go into a temporary table, and the
 * quartiles are `percentile_cont` over it; the server only lifts each distinct resolution-8
 * cell to its parents (h3-js), which SQL cannot.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { arrayLiteral, rowsOf } from '../../db/sql-kit.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import {
  explorerCells,
  explorerCountries,
  explorerPeriods,
} from '../../db/tables/explorer-tables.ts';
import type { PeriodRange } from './periods.ts';

/** A resolution-8 cell and its parents at resolutions 3 to 7. */
export interface CellParents {
  cell: string;
  parents: [string, string, string, string, string];
}

/** The first key of the explorer's advisory locks (the two-key form: no other lock shares it). */
const REBUILD_LOCK_CLASS = 4_200_031;

/**
 * Holds the period's rebuild lock until the transaction ends: two rebuilds of one period (the
 * daily job, the command line, a deletion's) wait for each other instead of both inserting
 * its rows; rebuilds of other periods go on.
 */
export async function lockPeriodRebuild(tx: Transaction, period: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${REBUILD_LOCK_CLASS}::int, hashtext(${period}))`,
  );
}

/**
 * The period's counted tests, into the temporary table `explorer_counted` (dropped at
 * commit): one test per node per UTC day, the first completed (a test without a node: one
 * per account per day), and none of a deleted account. The speeds follow lib/throughput.ts's
 * `megabitsPerSecond`: bits per microsecond, to 2 decimals, 0 when no time elapsed.
 */
export async function collectCountedTests(tx: Transaction, range: PeriodRange): Promise<number> {
  const mbps = (bytes: SQL, elapsedUs: SQL) =>
    sql`(case when ${elapsedUs} <= 0 then 0 else round(${bytes} * 8.0 / ${elapsedUs}, 2) end)::float8`;
  await tx.execute(sql`
    create temporary table explorer_counted on commit drop as
    select distinct on (counted_by, day)
      user_id, node_id, location_cell, country, download_mbps, upload_mbps, latency_ms
    from (
      select s.id, s.user_id, s.node_id, s.location_cell, s.country, s.latency_ms, s.completed_at,
        coalesce('node:' || s.node_id::text, 'user:' || s.user_id::text) as counted_by,
        (s.completed_at at time zone 'UTC')::date as day,
        ${mbps(sql`s.download_bytes`, sql`s.download_elapsed_us`)} as download_mbps,
        ${mbps(sql`s.upload_bytes`, sql`s.upload_elapsed_us`)} as upload_mbps
      from speedtests s
      where s.completed_at >= ${range.startsAt.toISOString()}::timestamptz
        and s.completed_at < ${range.endsAt.toISOString()}::timestamptz
        and not exists (select 1 from users u where u.id = s.user_id and u.deleted_at is not null)
    ) tests
    order by counted_by, day, completed_at, id
  `);
  const [row] = rowsOf<{ tests: number }>(
    await tx.execute(sql`select count(*)::int as tests from explorer_counted`),
  );
  return row?.tests ?? 0;
}

/** The distinct resolution-8 cells of the counted tests. */
export async function countedCells(tx: Transaction): Promise<string[]> {
  const rows = rowsOf<{ cell: string }>(
    await tx.execute(sql`
      select distinct location_cell as cell from explorer_counted where location_cell is not null
    `),
  );
  return rows.map((row) => row.cell);
}

/** Rows per statement when the cells' parents go in: one array parameter per column. */
const PARENTS_PER_STATEMENT = 10_000;

/** The cells' parents, into the temporary table `explorer_places` (dropped at commit). */
export async function storeCellParents(tx: Transaction, cells: CellParents[]): Promise<void> {
  await tx.execute(sql`
    create temporary table explorer_places (
      cell8 text primary key, r3 text not null, r4 text not null, r5 text not null,
      r6 text not null, r7 text not null
    ) on commit drop
  `);
  for (let first = 0; first < cells.length; first += PARENTS_PER_STATEMENT) {
    const chunk = cells.slice(first, first + PARENTS_PER_STATEMENT);
    const column = (pick: (cell: CellParents) => string) => arrayLiteral(chunk.map(pick));
    await tx.execute(sql`
      insert into explorer_places (cell8, r3, r4, r5, r6, r7)
      select * from unnest(
        ${column((c) => c.cell)}::text[], ${column((c) => c.parents[0])}::text[],
        ${column((c) => c.parents[1])}::text[], ${column((c) => c.parents[2])}::text[],
        ${column((c) => c.parents[3])}::text[], ${column((c) => c.parents[4])}::text[]
      )
    `);
  }
}

/** The aggregates of a group of counted tests: counts and each measure's quartiles (arrays). */
const FIGURES = sql`
  count(*)::int as tests,
  count(distinct node_id)::int as nodes,
  count(distinct user_id)::int as accounts,
  percentile_cont(array[0.25, 0.5, 0.75]) within group (order by download_mbps) as download,
  percentile_cont(array[0.25, 0.5, 0.75]) within group (order by upload_mbps) as upload,
  percentile_cont(array[0.25, 0.5, 0.75]) within group (order by latency_ms) as latency
`;

/** The figure columns as the tables hold them, in the order `FIGURE_VALUES` writes them. */
const FIGURE_COLUMNS = sql.raw(
  [
    'tests, nodes, accounts',
    'download_p25, download_median, download_p75',
    'upload_p25, upload_median, upload_p75',
    'latency_p25, latency_median, latency_p75',
  ].join(', '),
);

const quartiles = (measure: string) =>
  [1, 2, 3].map((at) => `round((${measure}[${at}])::numeric, 2)::float8`).join(', ');

/** `FIGURES`' output as the tables' columns: the quartiles to 2 decimals. */
const FIGURE_VALUES = sql.raw(
  ['tests, nodes, accounts', quartiles('download'), quartiles('upload'), quartiles('latency')].join(
    ', ',
  ),
);

/** Removes the period's rows (in the rebuild's transaction, before the new ones go in). */
export async function deletePeriodRows(tx: Transaction, period: string): Promise<void> {
  await tx.delete(explorerCells).where(eq(explorerCells.period, period));
  await tx.delete(explorerCountries).where(eq(explorerCountries.period, period));
  await tx.delete(explorerPeriods).where(eq(explorerPeriods.period, period));
}

/** The whole network's figures: always written, whatever its number of accounts. */
export async function insertNetworkFigures(
  tx: Transaction,
  period: string,
  range: PeriodRange,
  builtAt: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into explorer_periods (period, built_at, starts_at, ends_at, ${FIGURE_COLUMNS})
    select ${period}, ${builtAt.toISOString()}::timestamptz,
      ${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz,
      ${FIGURE_VALUES}
    from (select ${FIGURES} from explorer_counted) network
  `);
}

/** Each counted test's cells at resolutions 3 to 7, with each cell's parent (null at 3). */
const TESTS_IN_CELLS = sql`
  explorer_counted c
  join explorer_places p on p.cell8 = c.location_cell
  cross join lateral (
    values (3, p.r3, null::text), (4, p.r4, p.r3), (5, p.r5, p.r4), (6, p.r6, p.r5), (7, p.r7, p.r6)
  ) as place (resolution, cell, parent)
`;

/**
 * Every cell at resolutions 3 to 7 that a counted test lies in, with its figures over all the
 * counted tests inside it, into the temporary table `explorer_cell_figures`; and every
 * country, into `explorer_country_figures` (both dropped at commit).
 */
export async function computePlaceFigures(tx: Transaction): Promise<void> {
  await tx.execute(sql`
    create temporary table explorer_cell_figures on commit drop as
    select place.resolution, place.cell, place.parent, ${FIGURES}
    from ${TESTS_IN_CELLS}
    group by place.resolution, place.cell, place.parent
  `);
  await tx.execute(sql`
    create temporary table explorer_country_figures on commit drop as
    select country, ${FIGURES} from explorer_counted where country is not null group by country
  `);
}

/** A place that at least the minimum of accounts tested in: a cell, or a country. */
export interface EligibleRow {
  place: string;
  /** The cell's parent; '' at resolution 3 and for a country (the network's). */
  parent: string;
  accounts: number;
}

/** The cells and the countries that at least `minAccounts` accounts tested in. */
export async function eligiblePlaces(
  tx: Transaction,
  minAccounts: number,
): Promise<{ cells: EligibleRow[]; countries: EligibleRow[] }> {
  const cells = rowsOf<EligibleRow>(
    await tx.execute(sql`
      select cell as place, coalesce(parent, '') as parent, accounts
      from explorer_cell_figures where accounts >= ${minAccounts}::int
    `),
  );
  const countries = rowsOf<EligibleRow>(
    await tx.execute(sql`
      select country as place, '' as parent, accounts
      from explorer_country_figures where accounts >= ${minAccounts}::int
    `),
  );
  return { cells, countries };
}

/**
 * Each place's remainder: the distinct accounts of the counted tests in its children too
 * small to publish, by parent ('' for the network, whose remainder also holds the tests
 * without a place); for the cells' tree and for the countries.
 */
export async function remainders(
  tx: Transaction,
  minAccounts: number,
): Promise<{ cells: Map<string, number>; countries: Map<string, number> }> {
  const cellRows = rowsOf<{ parent: string; accounts: number }>(
    await tx.execute(sql`
      with small as (
        select coalesce(place.parent, '') as parent, c.user_id
        from ${TESTS_IN_CELLS}
        join explorer_cell_figures f on f.resolution = place.resolution and f.cell = place.cell
        where f.accounts < ${minAccounts}::int
        union all
        select '', c.user_id from explorer_counted c
        where not exists (select 1 from explorer_places p where p.cell8 = c.location_cell)
      )
      select parent, count(distinct user_id)::int as accounts from small group by parent
    `),
  );
  const countryRows = rowsOf<{ accounts: number }>(
    await tx.execute(sql`
      select count(distinct user_id)::int as accounts from explorer_counted c
      where c.country is null or c.country in (
        select country from explorer_country_figures where accounts < ${minAccounts}::int
      )
    `),
  );
  return {
    cells: new Map(cellRows.map((row) => [row.parent, row.accounts])),
    countries: new Map([['', countryRows[0]?.accounts ?? 0]]),
  };
}

/** Writes the figures of the cells to publish. */
export async function insertCells(tx: Transaction, period: string, cells: string[]) {
  await tx.execute(sql`
    insert into explorer_cells (period, resolution, cell, ${FIGURE_COLUMNS})
    select ${period}, resolution, cell, ${FIGURE_VALUES} from explorer_cell_figures
    where cell = any(${arrayLiteral(cells)}::text[])
  `);
}

/** Writes the figures of the countries to publish. */
export async function insertCountries(tx: Transaction, period: string, countries: string[]) {
  await tx.execute(sql`
    insert into explorer_countries (period, country, ${FIGURE_COLUMNS})
    select ${period}, country, ${FIGURE_VALUES} from explorer_country_figures
    where country = any(${arrayLiteral(countries)}::text[])
  `);
}

/**
 * The periods an account's tests appear in, among those built: the months of its completed
 * tests, and the last 30 days when it completed one in them.
 */
export async function builtPeriodsOfUser(
  tx: Queryable,
  userId: number,
  last30DaysSince: Date,
  last30Days: string,
): Promise<string[]> {
  const rows = rowsOf<{ period: string }>(
    await tx.execute(sql`
      with periods as (
        select distinct to_char(completed_at at time zone 'UTC', 'YYYY-MM') as period
        from speedtests where user_id = ${userId}::int and completed_at is not null
        union
        select ${last30Days} where exists (
          select 1 from speedtests
          where user_id = ${userId}::int and completed_at >= ${last30DaysSince.toISOString()}::timestamptz
        )
      )
      select period from periods
      where period in (select period from explorer_periods)
      order by period
    `),
  );
  return rows.map((row) => row.period);
}

export type PeriodRow = typeof explorerPeriods.$inferSelect;
export type CellRow = typeof explorerCells.$inferSelect;
export type CountryRow = typeof explorerCountries.$inferSelect;

/** The built period's row, or undefined when it was never built. */
export async function periodRowOf(db: Queryable, period: string): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(explorerPeriods).where(eq(explorerPeriods.period, period));
  return row;
}

/** The periods built, in their order. */
export async function builtPeriodRows(db: Queryable): Promise<PeriodRow[]> {
  return db.select().from(explorerPeriods).orderBy(asc(explorerPeriods.period));
}

/** The period's published cells at `resolution`, in the cells' order. */
export async function cellRowsOf(
  db: Queryable,
  period: string,
  resolution: number,
): Promise<CellRow[]> {
  return db
    .select()
    .from(explorerCells)
    .where(and(eq(explorerCells.period, period), eq(explorerCells.resolution, resolution)))
    .orderBy(asc(explorerCells.cell));
}

/** The period's published countries, by their codes. */
export async function countryRowsOf(db: Queryable, period: string): Promise<CountryRow[]> {
  return db
    .select()
    .from(explorerCountries)
    .where(eq(explorerCountries.period, period))
    .orderBy(asc(explorerCountries.country));
}
