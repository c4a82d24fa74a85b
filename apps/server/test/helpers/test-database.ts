import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import {
  fromPglite,
  fromPostgres,
  type Database,
  type DatabaseHandle,
} from '../../src/db/client.ts';
import { withAdminClient } from '../global-setup.ts';

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

/** A PGlite loaded from the migrated dump: about 0.4 s of a test's start. */
function loadedPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: migratedDump(), initialMemory: PGLITE_INITIAL_MEMORY });
}

/**
 * The databases of one test file's tests, taken one after another (useTestApp): each test gets
 * a database as empty as a fresh one. On PGlite it is one database, emptied between tests: a
 * fresh load costs each test about 0.4 s, emptying one about 40 ms, over a run's thousand
 * tests. A database a test left closed or unusable is replaced by a fresh load. On PostgreSQL
 * each test keeps its own clone of the template, which costs little.
 *
 * The handle a test gets closes nothing on PGlite: the database stays for the file's next test,
 * and `closeAll` closes it after the file.
 */
export function databasesInTurn(): {
  next(): Promise<DatabaseHandle>;
  closeAll(): Promise<void>;
} {
  let kept: KeptDatabase | undefined;

  const dropKept = async () => {
    const closing = kept;
    kept = undefined;
    await closing?.handle.close().catch(() => {});
  };

  /** The kept database emptied, or a fresh load in place of one closed or unusable. */
  const emptiedOrFresh = async (): Promise<KeptDatabase> => {
    if (kept && !kept.client.closed) {
      const emptied = await kept.client.exec(kept.emptyEveryTable).then(
        () => true,
        () => false,
      );
      if (emptied) return kept;
    }
    await dropKept();
    kept = await keptDatabase();
    return kept;
  };

  return {
    async next() {
      if (postgresRun()) return freshDatabase();
      const { client, handle } = await emptiedOrFresh();
      return {
        ...handle,
        // A database object of the test's own: what the server keeps per database (its
        // remembered roles, its explorer answers) starts empty for each test, as on a fresh one.
        db: drizzle(client) as unknown as Database,
        // The app that used it stops hearing its queries; the database itself stays open.
        close: async () => handle.observeQueries(null),
      };
    },
    closeAll: dropKept,
  };
}

/** A loaded PGlite kept for a file's tests, with the statement that empties it. */
interface KeptDatabase {
  client: PGlite;
  handle: DatabaseHandle;
  emptyEveryTable: string;
}

/**
 * A fresh load, and the statement that takes it back to the migrated dump (whose migrations
 * write no rows): every table's rows gone and its identities restarted. The migrations' own
 * record, in the drizzle schema, stays. The tables are listed once: no test changes the schema.
 */
async function keptDatabase(): Promise<KeptDatabase> {
  const client = await loadedPglite();
  const { rows } = await client.query<{ tables: string }>(
    `SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') AS tables
       FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const tables = rows[0]?.tables;
  if (!tables) throw new Error('the migrated dump has no tables');
  return {
    client,
    handle: fromPglite(client),
    emptyEveryTable: `TRUNCATE ${tables} RESTART IDENTITY CASCADE`,
  };
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
