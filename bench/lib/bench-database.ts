/**
 * The database a benchmark runs the server on: one of its own PostgreSQL
 * databases (bench_*), or embedded PGlite in a data directory it creates and
 * removes, the database `npm start` gives a single-box operator. The benchmark
 * prepares it through a handle of its own and then hands it to the server.
 * PGlite has one owner at a time (the data directory's lock), so every
 * benchmark closes its handle before the server starts and opens it again only
 * after the server stopped; PostgreSQL is used the same way, so both runs do
 * exactly the same work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, fromPostgres, openDatabase } from '@netpulse/server/tooling';
import { createBenchDatabase, dropBenchDatabase } from './postgres.ts';

export type BenchDatabaseKind = 'postgres' | 'pglite';

export const DATABASE_LABEL: Record<BenchDatabaseKind, string> = {
  postgres: 'PostgreSQL',
  pglite: 'PGlite',
};

export interface BenchDatabase {
  kind: BenchDatabaseKind;
  /** What the server is given to open it, as an operator sets it for `npm start`. */
  serverEnv: { DATABASE_URL: string } | { DATA_DIR: string };
  /** The benchmark's own handle; with PGlite only while no server runs on it. */
  open(): Promise<DatabaseHandle>;
  /** Drops the database or removes the data directory. */
  remove(): Promise<void>;
}

/** A PostgreSQL database the benchmark does not own (already seeded); never dropped. */
export function existingPostgres(databaseUrl: string): BenchDatabase {
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: databaseUrl },
    open: async () => fromPostgres(databaseUrl, 2),
    remove: async () => {},
  };
}

/** A fresh, empty PostgreSQL database `name` (bench_*), dropped by remove(). */
export async function freshPostgres(name: string): Promise<BenchDatabase> {
  const database = existingPostgres(await createBenchDatabase(name));
  return { ...database, remove: () => dropBenchDatabase(name) };
}

/** A fresh PGlite data directory, deleted by remove(). */
export function freshPglite(): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-bench-pglite-'));
  return {
    kind: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database of either kind; `name` names the PostgreSQL one. */
export const freshDatabase = (kind: BenchDatabaseKind, name: string): Promise<BenchDatabase> =>
  kind === 'postgres' ? freshPostgres(name) : Promise.resolve(freshPglite());

/** Runs `work` with the benchmark's own handle, closed afterwards (PGlite checkpoints). */
export async function withDatabase<T>(
  database: BenchDatabase,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await database.open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Runs `work` on a fresh database of `kind`, removed afterwards whatever happens. */
export async function onFreshDatabase<T>(
  kind: BenchDatabaseKind,
  name: string,
  work: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const database = await freshDatabase(kind, name);
  try {
    return await work(database);
  } finally {
    await database.remove();
  }
}

/** The `--databases` flag: which of the two a benchmark runs on (default both). */
export function databaseKinds(flag: string | undefined): BenchDatabaseKind[] {
  const kinds = (flag ?? 'postgres,pglite').split(',').map((kind) => kind.trim());
  for (const kind of kinds) {
    if (kind !== 'postgres' && kind !== 'pglite') {
      throw new Error(`--databases takes postgres, pglite or both, not ${kind}`);
    }
  }
  return kinds as BenchDatabaseKind[];
}
