/**
 * Starts the server: settings, database, migrations, listen. On SIGINT/SIGTERM it
 * stops accepting, lets in-flight requests finish, then closes the database
 * (PGlite checkpoints), so a restart finds everything acknowledged.
 */
import type { AddressInfo } from 'node:net';
import { buildApp, loggerOptions } from './app.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { loadCountryBoundaries } from './lib/coarse-location.ts';
import { humanLogStream } from './lib/log-lines.ts';
import { keepDataDirPrivate } from './lib/private-files.ts';
import {
  forgetAdminAddress,
  loopbackUrlOf,
  recordAdminAddress,
} from './modules/cli-relay/index.ts';

/**
 * The country index's worker, beside this file in the build (dist/country-index-worker.js).
 * The sources under tsx (`npm run dev`) have none: a worker thread cannot load TypeScript
 * there, so they read the boundaries at the first test with a location.
 */
const COUNTRY_INDEX_WORKER = import.meta.url.endsWith('.js')
  ? new URL('./country-index-worker.js', import.meta.url)
  : null;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is created in DATA_DIR: everything in it is this user's alone.
  const modesMended = keepDataDirPrivate(config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // With PGlite this process owns the data directory, and the admin CLI reaches the
  // database through it, at the address it records there once it listens.
  const ownsDataDir = database.kind === 'pglite';
  const forgetAddress = () => {
    if (ownsDataDir) forgetAdminAddress(config.DATA_DIR);
  };
  forgetAddress();
  // A person at a terminal reads lines; anything else (a file, a collector) gets JSON.
  const logger = process.stdout.isTTY
    ? { ...(loggerOptions(config) as object), stream: humanLogStream(process.stdout) }
    : undefined;
  const app = await buildApp({ config, database, logger });
  if (modesMended) app.log.warn({ dataDir: config.DATA_DIR }, modesMended);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A keep-alive connection busy when the signal came stays open after its
    // answer until the keep-alive timeout (72 s) and holds the close that long:
    // closing idle connections as they become idle lets the stop take as long
    // as the requests in flight, and no longer.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(idleSweep);
      forgetAddress();
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const { firstInvite } = await bootstrapDatabase(database);
    await app.listen({ port: config.PORT, host: config.HOST });
    if (ownsDataDir) {
      recordAdminAddress(config.DATA_DIR, loopbackUrlOf(app.server.address() as AddressInfo));
    }
    app.log.info(`${config.PRODUCT_NAME} is running at ${config.PUBLIC_URL}`);
    if (COUNTRY_INDEX_WORKER) {
      loadCountryBoundaries(COUNTRY_INDEX_WORKER).catch((error: unknown) => {
        app.log.warn({ err: error }, 'the country boundaries will be read at the first test');
      });
    }
    if (firstInvite) {
      // Printed plainly (not only as a log line) so the first person can find it.
      console.log(
        `\nRegister the first account at: ${config.PUBLIC_URL}/register?ref=${firstInvite}\n`,
      );
    }
  } catch (error) {
    forgetAddress();
    await app.close().catch(() => {});
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
