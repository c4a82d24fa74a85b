/**
 * `npm run admin -- <command>`: runs on the database directly, or, when a running
 * server owns the PGlite data directory, through that server's loopback admin route,
 * at the address the server recorded in the data directory. It never makes a
 * database where there is none unless `--create` asks it to.
 */
import { isAbsolute, resolve } from 'node:path';
import { prepareDatabase } from '../bootstrap.ts';
import { hasEmbeddedDatabase, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { hasBeenMigrated } from '../db/migration-journal.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ConfigError, loadConfig, type Config } from '../env.ts';
import { dataDirSecret } from '../lib/auth-secret.ts';
import { keepDataDirPrivate } from '../lib/private-files.ts';
import { ADMIN_SECRET_FILE, readAdminAddress } from '../modules/cli-relay/index.ts';
import {
  CREATE_FLAG,
  runAdminCommand,
  runBackupCommand,
  runRestoreCommand,
  type CommandResult,
} from './admin-commands.ts';

/** The commands whose argument is a FILE, resolved here before a server (another cwd) sees it. */
const FILE_COMMANDS = new Set(['backup', 'restore']);

function noDatabase(config: Config): Error {
  const where = config.DATABASE_URL
    ? 'The database DATABASE_URL names has no tables'
    : `No database in ${config.DATA_DIR}`;
  return new Error(
    `${where}. Run the command with the server's settings (npm start keeps its database in ./data ` +
      `unless DATA_DIR or DATABASE_URL says otherwise), or add ${CREATE_FLAG} to set up a new, empty one.`,
  );
}

async function runThroughServer(config: Config, argv: string[]): Promise<CommandResult> {
  const address = readAdminAddress(config.DATA_DIR);
  if (!address) {
    throw new Error(
      `A server owns the data directory ${config.DATA_DIR} but has not recorded its admin address yet: ` +
        'try again once it has started.',
    );
  }
  const url = `${address}/v1/admin/commands`;
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

async function runOnDatabase(
  database: DatabaseHandle,
  config: Config,
  argv: string[],
  create: boolean,
): Promise<CommandResult> {
  if (!create && !(await hasBeenMigrated(database))) throw noDatabase(config);
  // A backup copies the database as it is: migrating it first would change what it copies.
  if (argv[0] !== 'backup') await prepareDatabase(database);
  return runAdminCommand(database.db, argv, new Date(), {
    database,
    config,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
}

/**
 * FILE as the operator meant it: npm runs scripts in the repository's root, and
 * INIT_CWD is the folder `npm run admin` was typed in. FILE is the first argument
 * that is neither a flag nor a flag's value (restore's --expect-sha256 HEX may come first).
 */
function withAbsoluteFile(argv: string[]): string[] {
  const [command, ...rest] = argv;
  if (!command || !FILE_COMMANDS.has(command)) return argv;
  const at = rest.findIndex(
    (arg, index) => !arg.startsWith('--') && !(index > 0 && rest[index - 1]!.startsWith('--')),
  );
  const file = rest[at];
  if (at === -1 || !file || isAbsolute(file)) return argv;
  const absolute = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  return [command, ...rest.map((arg, index) => (index === at ? absolute : arg))];
}

async function run(args: string[]): Promise<CommandResult> {
  const config = loadConfig();
  // As the server does at its start: what the CLI creates or restores is this user's alone,
  // and what an older version left open is mended (on stderr: stdout is the command's).
  const modesMended = keepDataDirPrivate(config.DATA_DIR);
  if (modesMended) process.stderr.write(`${modesMended}\n`);
  const create = args.includes(CREATE_FLAG);
  const argv = withAbsoluteFile(args.filter((arg) => arg !== CREATE_FLAG));
  // A restore needs DATA_DIR free of servers and databases; a PostgreSQL backup is pg_dump's.
  if (argv[0] === 'restore') return runRestoreCommand(argv.slice(1), config);
  if (argv[0] === 'backup' && config.DATABASE_URL)
    return runBackupCommand(argv.slice(1), { config });
  // Opening PGlite on a folder without a database would make one: look first.
  if (!create && !config.DATABASE_URL && !hasEmbeddedDatabase(config.DATA_DIR)) {
    throw noDatabase(config);
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 2,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) return runThroughServer(config, argv);
    throw error;
  }
  try {
    return await runOnDatabase(database, config, argv, create);
  } finally {
    await database.close();
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
