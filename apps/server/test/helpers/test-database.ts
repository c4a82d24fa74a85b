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
  const dump = readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return fromPglite(client);
}

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
