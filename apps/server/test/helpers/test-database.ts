import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  fromPglite,
  fromPostgres,
  type Database,
  type DatabaseHandle,
} from '../../src/db/client.ts';
import { withAdminClient } from '../global-setup.ts';

/**
 * Whether this run's tests use PostgreSQL (TEST_DATABASE_URL, CI's second pass) rather than
 * the embedded PGlite: a few suites differ by database (the embedded data directory, a process
 * killed mid-write, several writers at once).
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A fresh, migrated database for one test: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const postgres = await freshPostgresDatabase();
  if (postgres) {
    const handle = fromPostgres(postgres.url, 20);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await postgres.drop();
      },
    };
  }
  return fromPglite(await loadedPglite());
}

/**
 * The databases of one test file's tests, taken one after another (useTestApp): each test gets
 * a database as empty as a fresh one. It is one database per file, emptied between tests: a
 * fresh one costs each test about 0.4 s (a PGlite load, or a PostgreSQL clone and its drop,
 * whose checkpoint waits on the disk), emptying one 40 to 70 ms, over a run's thousand tests.
 * A database a test left closed or unusable is replaced by a fresh one.
 *
 * Each test's handle has a database object of its own; closing it leaves the database for the
 * file's next test, and `closeAll` closes (on PostgreSQL, drops) it after the file.
 */
export function databasesInTurn(): {
  next(): Promise<DatabaseHandle>;
  closeAll(): Promise<void>;
} {
  let kept: KeptDatabase | undefined;

  const dropKept = async () => {
    const closing = kept;
    kept = undefined;
    await closing?.close().catch(() => {});
  };

  return {
    async next() {
      if (!kept || !(await kept.empty())) {
        await dropKept();
        kept = postgresRun() ? await keptPostgres() : await keptPglite();
      }
      return kept.handleForTest();
    },
    closeAll: dropKept,
  };
}

/** A database kept for a file's tests. */
interface KeptDatabase {
  /** Takes it back to the migrated state; false when it cannot (closed, broken, locked). */
  empty(): Promise<boolean>;
  /**
   * A handle for one test, with a database object of its own: what the server keeps per
   * database object (its remembered roles, its explorer answers) starts empty for each test,
   * as on a fresh database. Closing it leaves the database open.
   */
  handleForTest(): DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The statement that takes a migrated database back to its migrated state (the migrations
 * write no rows): every table's rows gone and its identities restarted. The migrations' own
 * record, in the drizzle schema, stays. The tables are listed once: no test changes the schema.
 */
async function emptyEveryTableStatement(
  query: (sql: string) => Promise<{ rows: { tables: string | null }[] }>,
): Promise<string> {
  const { rows } = await query(
    `SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') AS tables
       FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const tables = rows[0]?.tables;
  if (!tables) throw new Error('the migrated database has no tables');
  return `TRUNCATE ${tables} RESTART IDENTITY CASCADE`;
}

const succeeds = (work: Promise<unknown>) =>
  work.then(
    () => true,
    () => false,
  );

/** A fresh load kept for a file's tests. */
async function keptPglite(): Promise<KeptDatabase> {
  const client = await loadedPglite();
  const handle = fromPglite(client);
  const emptyEveryTable = await emptyEveryTableStatement((sql) =>
    client.query<{ tables: string | null }>(sql),
  );
  return {
    empty: async () => !client.closed && (await succeeds(client.exec(emptyEveryTable))),
    handleForTest: () => ({
      ...handle,
      db: drizzle(client) as unknown as Database,
      // The app that used it stops hearing its queries; the database itself stays open.
      close: async () => handle.observeQueries(null),
    }),
    close: () => handle.close(),
  };
}

/**
 * A clone of the template kept for a file's tests, with a connection of its own that empties
 * it. Each test's handle is a pool of its own, which the test's app closes; a connection left
 * open would hold the emptying back, so it waits at most a few seconds and then the file
 * moves on to a fresh clone (the drop closes what was left).
 */
async function keptPostgres(): Promise<KeptDatabase> {
  const database = await freshPostgresDatabase();
  if (!database) throw new Error('keptPostgres: the run is not on PostgreSQL');
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`SET lock_timeout = '5s'`);
    const emptyEveryTable = await emptyEveryTableStatement((sql) => client.query(sql));
    return {
      empty: () => succeeds(client.query(emptyEveryTable)),
      handleForTest: () => fromPostgres(database.url, 20),
      close: async () => {
        await client.end().catch(() => {});
        await database.drop();
      },
    };
  } catch (error) {
    await client.end().catch(() => {});
    await database.drop();
    throw error;
  }
}

/** A PGlite loaded from the migrated dump: about 0.4 s of a test's start. */
function loadedPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: migratedDump(), initialMemory: PGLITE_INITIAL_MEMORY });
}

/**
 * The migrated data directory (global-setup.ts), read once per test file: PGlite only
 * reads a Blob, and reading the 40 MB file and copying it into a new Blob for every test
 * cost a tenth of each load.
 */
let migratedDumpBlob: Blob | undefined;
function migratedDump(): Blob {
  migratedDumpBlob ??= new Blob([readFileSync(inject('pgliteDumpPath'))]);
  return migratedDumpBlob;
}

/**
 * Room for the loaded data directory from the start: at PGlite's default (128 MiB) the
 * load grows the WebAssembly memory step by step, copying it each time, and took about a
 * tenth longer. It costs about 30 MB more resident memory per open database.
 */
const PGLITE_INITIAL_MEMORY = 256 * 1024 * 1024;

/**
 * The run's PostgreSQL server and migrated template (global-setup.ts), and a name for a new
 * database of the run: named after the template, so the run's teardown drops it should a test
 * not. Null when the run is on PGlite (no TEST_DATABASE_URL).
 */
export function postgresRun(): {
  template: string;
  url: string;
  newDatabaseName: () => string;
} | null {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) return null;
  return { template, url, newDatabaseName: () => `${template}_t${randomBytes(6).toString('hex')}` };
}

/**
 * A fresh migrated PostgreSQL database by URL, for servers run as processes;
 * null when the run is on PGlite (no TEST_DATABASE_URL).
 */
export async function freshPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
} | null> {
  const run = postgresRun();
  if (!run) return null;
  const { template, url: postgresUrl } = run;
  const name = run.newDatabaseName();
  await withAdminClient(postgresUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(postgresUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
