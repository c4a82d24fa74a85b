/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through
 * node-postgres when DATABASE_URL is set. Both speak one dialect and run the same
 * migrations, so the rest of the server does not know which it has.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { convertHeldCoordinates } from './coordinate-conversion.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { makePrivate, PRIVATE_DIR_MODE } from '../lib/private-files.ts';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import {
  QueryTiming,
  timePglite,
  timePool,
  type PoolState,
  type QueryObserver,
} from './query-timing.ts';

/**
 * The query builder on either database. It has no relational schema: every query
 * names its tables, which each module declares in its own `<name>-tables.ts`.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** The handle inside `db.transaction(async (tx) => ...)`; use only it inside a transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The SQL migrations, then the steps that finish theirs in JavaScript (coordinate-conversion.ts). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Flushes and closes; PGlite checkpoints first so a restart replays nothing. */
  close(): Promise<void>;
  /** Tells `observer` the duration of every query from now on (the app's metrics); null stops it. */
  observeQueries(observer: QueryObserver | null): void;
  /** The connections and the callers waiting for one, now. */
  poolState(): PoolState;
  /**
   * PGlite only: a consistent copy of the database's files, as the tar PGlite's
   * `loadDataDir` reads, taken while the database keeps serving.
   */
  snapshot?(): Promise<Uint8Array>;
}

/** Wraps an open PGlite instance (tests hand in one loaded from a migrated dump). */
export function fromPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const timing = new QueryTiming();
  const poolState = timePglite(client, timing);
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await convertHeldCoordinates(db);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) {
        await client.exec('CHECKPOINT');
        await client.close();
      }
      onClose();
    },
    observeQueries: (observer) => {
      timing.observer = observer;
    },
    poolState,
    // PGlite runs one statement at a time under its query lock, and holds its
    // transaction lock from BEGIN to COMMIT; query(), exec() and transaction() all
    // wait for the transaction lock. dumpDataDir() takes only the query lock, so on
    // its own it may copy the files between two statements of another request's
    // open transaction. Inside a transaction of our own nothing else is in flight:
    // CHECKPOINT there writes every dirty page to the data files, and the copy is a
    // database whose last checkpoint is its last write (a restart replays nothing
    // and no transaction is half in it). PGlite runs with fsync off, but the copy
    // reads the files through the same process that wrote them, so it sees every
    // write. Other requests wait for the checkpoint and the copy (about 0.2 s for
    // 40 MB here); the compression is the caller's, outside the lock.
    snapshot: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        const tar = await client.dumpDataDir('none');
        return new Uint8Array(await tar.arrayBuffer());
      }),
  };
}

/** Connects to PostgreSQL through a pool. */
export function fromPostgres(connectionString: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const timing = new QueryTiming();
  const poolState = timePool(pool, timing);
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
      await convertHeldCoordinates(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    observeQueries: (observer) => {
      timing.observer = observer;
    },
    poolState,
  };
}

/**
 * PGlite's server settings. Its buffer pool lives in the server's own memory, and
 * PostgreSQL's default of 128 MB, once the reads have filled it, was a quarter of the
 * server's peak RSS (bench/RESULTS.md, issue 32); a block it misses is read from the
 * data directory, which the kernel's page cache holds.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Where PGlite keeps its files inside DATA_DIR. */
const pgliteDir = (dataDir: string) => join(dataDir, 'pgdata');

/** Whether DATA_DIR holds an embedded database (PGlite would make one when opened). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));
}

/**
 * Opens the configured database. With PGlite this process takes the data
 * directory's lock first, so a second server on the same directory stops at once.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, options.poolSize);
  mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const release = acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create(pgliteDir(options.dataDir), {
      startParams: PGLITE_START_PARAMS,
    });
    // The cluster PGlite lays out on a first open is 0666 whatever the umask.
    makePrivate(pgliteDir(options.dataDir));
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Makes DATA_DIR's embedded database from a `snapshot()`: loads it into a folder
 * beside the database's, hands `check` an open handle on it, closes it, and only
 * then moves it into place, so a restore that fails leaves no database behind.
 * The caller holds the data directory's lock and has made sure it has no database.
 */
export async function restoreEmbeddedSnapshot<T>(
  dataDir: string,
  tar: Uint8Array,
  check: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const target = pgliteDir(dataDir);
  const staging = `${target}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const client = await PGlite.create(staging, {
      loadDataDir: new Blob([tar]),
      startParams: PGLITE_START_PARAMS,
    });
    const database = fromPglite(client);
    let checked: T;
    try {
      checked = await check(database);
    } finally {
      await database.close();
    }
    // PGlite writes the loaded files 0666 whatever the umask: private before they are DATA_DIR's.
    makePrivate(staging);
    renameSync(staging, target);
    return checked;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Either handle: repository functions take this, and inside a transaction they are given the transaction. */
export type Queryable = Database | Transaction;
