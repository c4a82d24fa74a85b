import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { fromPglite, fromPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import { withAdminClient } from '../global-setup.ts';

/** A fresh, migrated database for one test: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (template && postgresUrl) {
    const name = `${template}_t${randomBytes(6).toString('hex')}`;
    await withAdminClient(postgresUrl, (client) =>
      client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
    );
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const handle = fromPostgres(url.toString(), 20);
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
  const dump = readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return fromPglite(client);
}
