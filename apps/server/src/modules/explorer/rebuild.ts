/**
 * A period's rebuild (docs/decisions/042): its counted tests, their places, and every
 * published row, replaced in one transaction, so a reader sees the old figures or the new,
 * never a mix. Running it twice gives the same rows: a job may repeat it safely.
 */
import { cellToParent, getResolution, isValidCell } from 'h3-js';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  collectCountedTests,
  countedCells,
  deletePeriodRows,
  insertNetworkFigures,
  computePlaceFigures,
  eligiblePlaces,
  insertCells,
  insertCountries,
  remainders,
  lockPeriodRebuild,
  storeCellParents,
  type CellParents,
} from './explorer-repository.ts';
import { forgetAnswers } from './answer-cache.ts';
import { rangeOf } from './periods.ts';
import { publishedPlaces } from './publication.ts';

/** The resolution of a test's own cell (private) and of the parents published. */
const TEST_CELL_RESOLUTION = 8;
const PUBLISHED_RESOLUTIONS = [3, 4, 5, 6, 7] as const;

export interface RebuildOptions {
  /** The build's time: `last-30-days` ends here, and it is the period's `built_at`. */
  now: Date;
  /** EXPLORER_MIN_ACCOUNTS: fewer distinct accounts in a cell or country and it is not published. */
  minAccounts: number;
  /** Told each step as it ends (the CLI prints it). */
  onProgress?: (line: string) => void;
}

export interface RebuildOutcome {
  period: string;
  tests: number;
  cells: number;
  countries: number;
}

/**
 * A resolution-8 cell with its parents at resolutions 3 to 7, or null for a value that is
 * not one (a test's place is then unknown, and it counts only in the network's figures).
 */
export function parentsOf(cell: string): CellParents | null {
  if (!isValidCell(cell) || getResolution(cell) !== TEST_CELL_RESOLUTION) return null;
  const parents = PUBLISHED_RESOLUTIONS.map((resolution) => cellToParent(cell, resolution));
  return { cell, parents: parents as CellParents['parents'] };
}

/** Rebuilds `period` (a month `YYYY-MM` or `last-30-days`, already checked). */
export async function rebuildPeriod(
  db: Database,
  period: string,
  options: RebuildOptions,
): Promise<RebuildOutcome> {
  const tell = options.onProgress ?? (() => {});
  const range = rangeOf(period, options.now);
  const started = Date.now();
  tell(
    `explorer ${period}: counting the tests completed from ${range.startsAt.toISOString()} ` +
      `to ${range.endsAt.toISOString()}`,
  );
  const outcome = await inTransaction(db, async (tx) => {
    await lockPeriodRebuild(tx, period);
    const tests = await collectCountedTests(tx, range);
    const cells = (await countedCells(tx)).map(parentsOf).filter((cell) => cell !== null);
    tell(`explorer ${period}: ${tests} tests counted, in ${cells.length} resolution-8 cells`);
    await storeCellParents(tx, cells);
    await computePlaceFigures(tx);
    const eligible = await eligiblePlaces(tx, options.minAccounts);
    const remaindersOf = await remainders(tx, options.minAccounts);
    const cellsShown = publishedPlaces(eligible.cells, remaindersOf.cells, options.minAccounts);
    const countriesShown = publishedPlaces(
      eligible.countries,
      remaindersOf.countries,
      options.minAccounts,
    );
    await deletePeriodRows(tx, period);
    await insertNetworkFigures(tx, period, range, options.now);
    await insertCells(tx, period, cellsShown);
    await insertCountries(tx, period, countriesShown);
    return { period, tests, cells: cellsShown.length, countries: countriesShown.length };
  });
  forgetAnswers(db);
  tell(
    `explorer ${period}: ${outcome.cells} cells (resolutions 3 to 7) and ${outcome.countries} ` +
      `countries published, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return outcome;
}
