import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { fromPglite, fromPostgres, type DatabaseHandle } from '../../src/db/client.ts';
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
  const client = await PGlite.create({
    loadDataDir: migratedDump(),
    initialMemory: PGLITE_INITIAL_MEMORY,
  });
  return fromPglite(client);
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
