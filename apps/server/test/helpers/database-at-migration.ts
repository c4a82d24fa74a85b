/**
 * A database migrated only up to a given migration, for tests of the migrations
 * after it: PGlite by default, PostgreSQL with TEST_DATABASE_URL. The handle's
 * own migrate() then applies the rest, as the server does at its next start.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromPglite, fromPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import { MIGRATIONS_FOLDER } from '../../src/paths.ts';
import { withAdminClient } from '../global-setup.ts';
import { postgresRun } from './test-database.ts';

interface Journal {
  entries: { tag: string }[];
}

/**
 * A copy of the migrations folder that ends with `lastTag`: Drizzle's journal
 * cut there and the SQL files it names.
 */
function migrationsUpTo(lastTag: string): string {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = mkdtempSync(join(tmpdir(), 'netpulse-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
  }
  return folder;
}

/** A new, empty database; closing it drops it (PostgreSQL) or frees it (PGlite). */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const run = postgresRun();
  if (!run) return fromPglite(await PGlite.create());
  const { url: postgresUrl } = run;
  const name = run.newDatabaseName();
  await withAdminClient(postgresUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = fromPostgres(url.toString(), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(postgresUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/** A new database with the migrations up to and including `lastTag` applied, and no later one. */
export async function databaseMigratedTo(lastTag: string): Promise<DatabaseHandle> {
  const database = await emptyDatabase();
  const migrationsFolder = migrationsUpTo(lastTag);
  try {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
    }
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    rmSync(migrationsFolder, { recursive: true, force: true });
  }
  return database;
}
