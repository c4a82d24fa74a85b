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
  let kept: { client: PGlite; handle: DatabaseHandle } | undefined;

  const dropKept = async () => {
    const closing = kept;
    kept = undefined;
    await closing?.handle.close().catch(() => {});
  };

  /** Whether the kept database is there, open and emptied. */
  const emptiedKept = async (): Promise<boolean> => {
    if (!kept || kept.client.closed) return false;
    try {
      await emptyEveryTable(kept.client);
      return true;
    } catch {
      return false;
    }
  };

  return {
    async next() {
      if (inject('postgresTemplate') && process.env.TEST_DATABASE_URL) return freshDatabase();
      if (!(await emptiedKept())) {
        await dropKept();
        const client = await loadedPglite();
        kept = { client, handle: fromPglite(client) };
      }
      const { client, handle } = kept!;
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

/**
 * Every row of every table gone and every identity restarted, as in the migrated dump (whose
 * migrations write no rows): the migrations' own record, in the drizzle schema, stays.
 */
async function emptyEveryTable(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ tables: string | null }>(
    `SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') AS tables
       FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  if (rows[0]?.tables) await client.exec(`TRUNCATE ${rows[0].tables} RESTART IDENTITY CASCADE`);
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
 * A fresh migrated PostgreSQL database by URL, for servers run as processes;
 * null when the run is on PGlite (no TEST_DATABASE_URL).
 */
export async function freshPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
} | null> {
  const template = inject('postgresTemplate');
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!template || !postgresUrl) return null;
  const name = `${template}_t${randomBytes(6).toString('hex')}`;
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
