/**
 * `npm run admin -- <command>`: runs on the database directly, or, when a running
 * server owns the PGlite data directory, through that server's loopback admin route.
 */
import { prepareDatabase } from '../bootstrap.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ConfigError, loadConfig, type Config } from '../env.ts';
import { dataDirSecret } from '../lib/auth-secret.ts';
import { ADMIN_SECRET_FILE } from '../modules/admin/routes.ts';
import { runAdminCommand, type CommandResult } from './commands.ts';

async function runThroughServer(config: Config, argv: string[]): Promise<CommandResult> {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/v1/admin/commands`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${dataDirSecret(config, ADMIN_SECRET_FILE)}`,
    },
    body: JSON.stringify({ argv }),
  }).catch(() => null);
  if (!response) {
    throw new Error(`The data directory is locked, but no server answers at ${url}.`);
  }
  const body = (await response.json()) as { message: string; data?: CommandResult };
  if (!response.ok || !body.data) throw new Error(`The running server refused: ${body.message}`);
  return body.data;
}

async function run(argv: string[]): Promise<CommandResult> {
  const config = loadConfig();
  try {
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 2,
    });
    try {
      await prepareDatabase(database);
      return await runAdminCommand(database.db, argv);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) return runThroughServer(config, argv);
    throw error;
  }
}

run(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exitCode = result.exitCode;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
