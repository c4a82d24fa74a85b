/**
 * Once per test run:
 * - migrates one database; each test file then starts from a copy of it.
 *   PGlite: the migrated data directory is dumped once and loaded per file (a new
 *   in-memory PGlite takes seconds to initialise, a load well under one).
 *   PostgreSQL (TEST_DATABASE_URL set): a migrated template database, cloned per file.
 * - builds the server and the admin CLI, for the tests that run them as processes
 *   (helpers/built-server.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
    serverBuildDir: string;
  }
}

export async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const removeBuild = buildServer(project);
  const removeDatabase = await migrateDatabase(project).catch((error: unknown) => {
    removeBuild();
    throw error;
  });
  return async () => {
    await removeDatabase();
    removeBuild();
  };
}

const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The run's own build, in a new folder of apps/server: the bundle finds the server's
 * folders one level up from itself (src/paths.ts), and two runs never share it.
 */
function buildServer(project: TestProject): () => void {
  const dir = mkdtempSync(join(SERVER_ROOT, '.test-build-'));
  execFileSync(process.execPath, ['build.mjs', dir], { cwd: SERVER_ROOT, stdio: 'inherit' });
  project.provide('serverBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function migrateDatabase(project: TestProject): Promise<() => void | Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const template = `netpulse_template_${randomBytes(4).toString('hex')}`;
    await withAdminClient(postgresUrl, (client) => client.query(`CREATE DATABASE ${template}`));
    const url = new URL(postgresUrl);
    url.pathname = `/${template}`;
    const handle = fromPostgres(url.toString(), 1);
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpPath', '');
    return async () => {
      await withAdminClient(postgresUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
          [`${template}_t%`, template],
        );
        for (const { datname } of rows)
          await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      });
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'netpulse-test-'));
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await dropTemplateDatabases(client);
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dumpPath = join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Drops template0 and template1 from the copy every test loads: a test's PGlite never creates
 * a database, and the two were 15 of the dump's 40 MB, unpacked again for each of a run's
 * thousands of tests (a load took 0.50 s with them, 0.37 s without).
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  await client.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
}
