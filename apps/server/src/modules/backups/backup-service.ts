/**
 * `backup FILE` and `restore FILE` (decision 022). The embedded database is
 * copied while the server runs (the process that owns it takes the copy) into a
 * file written whole under another name and then linked into place; a restore
 * writes only into an empty DATA_DIR, with no server on it, only a file whose
 * SHA-256 is the one the backup printed, and checks the database it loaded
 * before it says it worked. PostgreSQL has its own tools, and the commands
 * print how to use them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { link, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { restoreEmbeddedSnapshot, type DatabaseHandle } from '../../db/client.ts';
import { hasBeenMigrated } from '../../db/migration-journal.ts';
import {
  acquireDataDirLock,
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
} from '../../db/data-dir-lock.ts';
import type { Config } from '../../env.ts';
import { AUTH_SECRET_FILE } from '../../lib/auth-secret.ts';
import { MIGRATIONS_FOLDER } from '../../paths.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import {
  decodeBackup,
  encodeBackup,
  looksLikeBackup,
  NotABackupError,
  type AuthSecretSource,
  type BackupManifest,
} from './backup-archive.ts';
import { appliedMigrations, readLedger } from './restore-check-repository.ts';

/** A backup or restore that cannot go ahead; the message tells the operator what to do. */
export class BackupRefusedError extends Error {}

export interface WrittenBackup {
  file: string;
  bytes: number;
  /** The file's SHA-256 (hex, as sha256sum prints it): restore asks for it. */
  sha256: string;
  authSecret: AuthSecretSource;
}

export interface RestoredBackup {
  manifest: BackupManifest;
  /** What the restored database holds, read before the restore said it worked. */
  accounts: number;
  transactions: number;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The SHA-256 of `bytes`, in lower-case hex as sha256sum prints it. */
export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A SHA-256 as an operator may paste it: 64 hex digits, either case. */
export const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** The auth secret the configuration uses, and whether a backup carries it. */
function authSecretOf(config: Config): { source: AuthSecretSource; value: string | null } {
  // Set in the environment, it is the operator's setting, like DATABASE_URL: not ours to copy.
  if (config.AUTH_SECRET) return { source: 'environment', value: null };
  try {
    return {
      source: 'included',
      value: readFileSync(join(config.DATA_DIR, AUTH_SECRET_FILE), 'utf8').trim(),
    };
  } catch (error) {
    // A database that never had a server on it has no secret yet, and nothing sealed with one.
    if (errorCode(error) === 'ENOENT') return { source: 'none', value: null };
    throw error;
  }
}

/** Refuses a FILE a backup must not be written to, before the copy is taken. */
function checkTarget(file: string): void {
  if (existsSync(file)) {
    throw new BackupRefusedError(
      `${file} already exists: a backup never replaces a file. Choose a new name, or move that file away first.`,
    );
  }
  const folder = dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupRefusedError(`The folder ${folder} does not exist: create it first.`);
  }
}

/**
 * Writes `bytes` to `file` (mode 600: it may hold the auth secret) under another
 * name first, flushed, then linked to `file`. A crash leaves at most that other
 * name, never a half backup under FILE, and the link, unlike a rename, fails
 * rather than replace a file made meanwhile.
 */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(partial, file);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw error;
      // A file system without hard links: check, then rename (a narrow race, never a half file).
      if (existsSync(file)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
      await rename(partial, file);
    }
  } catch (error) {
    if (errorCode(error) === 'EEXIST') checkTarget(file);
    throw new BackupRefusedError(`Could not write ${file}: ${(error as Error).message}`);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Writes a backup of the embedded database, consistent while it serves (the
 * handle's `snapshot`), with the auth secret when DATA_DIR keeps it. `file`
 * is absolute. Throws BackupRefusedError when FILE exists or cannot be written.
 */
export async function writeBackup(
  database: DatabaseHandle,
  config: Config,
  file: string,
  now = new Date(),
): Promise<WrittenBackup> {
  if (!database.snapshot) {
    throw new BackupRefusedError('This database is PostgreSQL: back it up with pg_dump.');
  }
  checkTarget(file);
  const authSecret = authSecretOf(config);
  const bytes = await encodeBackup(await database.snapshot(), authSecret, now);
  await writeWhole(file, bytes);
  return { file, bytes: bytes.length, sha256: sha256Of(bytes), authSecret: authSecret.source };
}

/**
 * The backup in `file`, read only when its first bytes say it may be one, and
 * trusted only when its SHA-256 is `expectedSha256`: a file that looks like a
 * backup may have been repacked with another auth secret, and the server would
 * then accept sessions signed with it. The digest the backup printed, kept
 * apart from the file, is what tells the two apart.
 */
async function readBackup(file: string, expectedSha256: string) {
  let bytes: Uint8Array;
  try {
    const handle = await open(file, 'r');
    try {
      const head = new Uint8Array(4);
      await handle.read(head, 0, 4, 0);
      if (!looksLikeBackup(head)) {
        throw new BackupRefusedError(
          `${file} is not a Netpulse backup (a file written by \`npm run admin -- backup\`).`,
        );
      }
    } finally {
      await handle.close();
    }
    bytes = await readFile(file);
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    const reason =
      errorCode(error) === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new BackupRefusedError(`Cannot read ${file}: ${reason}.`);
  }
  const sha256 = sha256Of(bytes);
  if (sha256 !== expectedSha256.toLowerCase()) {
    throw new BackupRefusedError(
      `${file} is not the backup you named: its SHA-256 is ${sha256}, not ${expectedSha256.toLowerCase()}. ` +
        'It was changed after the backup was written, or it is another file. Nothing was restored; ' +
        'restore the file whose digest the backup command printed.',
    );
  }
  try {
    return await decodeBackup(bytes);
  } catch (error) {
    if (!(error instanceof NotABackupError)) throw error;
    throw new BackupRefusedError(`${file} is not a Netpulse backup: ${error.message}.`);
  }
}

/** Refuses a DATA_DIR that is not empty; the lock this restore holds does not count. */
function checkEmpty(dataDir: string): void {
  const entries = readdirSync(dataDir).filter((name) => name !== DATA_DIR_LOCK_FILE);
  if (entries.length === 0) return;
  const what = entries.includes('pgdata')
    ? 'already holds a database'
    : `is not empty (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', ...' : ''})`;
  throw new BackupRefusedError(
    `The data directory ${dataDir} ${what}. A restore writes only into an empty or new DATA_DIR: ` +
      'set DATA_DIR to a new folder, or move this one away first.',
  );
}

/**
 * Brings the loaded database up to this version and reads it before the restore
 * says it worked: every migration this version knows applied and none it does not
 * (a newer version's backup), every account and transaction readable, and each
 * account's points the sum of its transactions. Throws with the reason.
 */
async function checkRestored(database: DatabaseHandle) {
  if (!(await hasBeenMigrated(database))) throw new Error('its database has no tables');
  const known = new Set(
    readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  const unknown = (await appliedMigrations(database.db)).filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new Error(
      `its database has ${unknown.length} migrations this version does not know: ` +
        'it was taken by a newer Netpulse, restore it with that version',
    );
  }
  // An older backup is migrated here, as a start would, so a failure shows now, not then.
  await database.migrate();
  const applied = new Set(await appliedMigrations(database.db));
  if ([...known].some((when) => !applied.has(when))) {
    throw new Error('its database did not take every migration of this version');
  }
  const ledger = await readLedger(database.db);
  if (ledger.drifted > 0) {
    throw new Error(
      `its ledger does not add up: ${ledger.drifted} of ${ledger.accounts} accounts have points ` +
        'that are not the sum of their transactions',
    );
  }
  return ledger;
}

/**
 * Restores the backup in `file` (absolute), whose SHA-256 must be `expectedSha256`,
 * into DATA_DIR, which must be empty or absent and have no server on it: its lock
 * is held throughout, so none starts meanwhile. The database is checked before it
 * is moved into place; on any failure what it wrote is removed again.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  expectedSha256: string,
): Promise<RestoredBackup> {
  const dataDir = config.DATA_DIR;
  const created = mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = error.ownerPid ? ` (pid ${error.ownerPid})` : '';
    throw new BackupRefusedError(
      `A server is running on the data directory ${dataDir}${pid}. Stop it first: a restore ` +
        'writes only into a DATA_DIR no server uses and that holds no database.',
    );
  }
  const secretPath = join(dataDir, AUTH_SECRET_FILE);
  let wroteSecret = false;
  let restored = false;
  try {
    checkEmpty(dataDir);
    const backup = await readBackup(file, expectedSha256);
    if (backup.authSecret) {
      await writeFile(secretPath, backup.authSecret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      wroteSecret = true;
    }
    let ledger: Awaited<ReturnType<typeof checkRestored>>;
    try {
      ledger = await restoreEmbeddedSnapshot(dataDir, backup.databaseTar, checkRestored);
    } catch (error) {
      throw new BackupRefusedError(
        `${file} could not be restored: ${(error as Error).message}. Nothing was kept in ${dataDir}.`,
      );
    }
    restored = true;
    return {
      manifest: backup.manifest,
      accounts: ledger.accounts,
      transactions: ledger.transactions,
    };
  } finally {
    if (!restored && wroteSecret) rmSync(secretPath, { force: true });
    release();
    // A DATA_DIR this restore made and did not fill goes again.
    if (!restored && created) rmSync(created, { recursive: true, force: true });
  }
}

/** `text` as one word for a POSIX shell. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** DATABASE_URL without its password, which a printed command must not show. */
function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    url.searchParams.delete('password');
    return url.toString();
  } catch {
    return databaseUrl.replace(/:[^:@/]*@/, '@');
  }
}

/**
 * The pg_dump and pg_restore lines for `file` and the database DATABASE_URL
 * names, its password left out (they ask for it, or read PGPASSWORD or ~/.pgpass),
 * and the sha256sum line that takes the dump's digest, to keep apart from it.
 */
export function postgresCommands(databaseUrl: string, file: string) {
  const database = shellQuoted(withoutPassword(databaseUrl));
  return {
    dump: `pg_dump --format=custom --file ${shellQuoted(file)} --dbname ${database}`,
    digest: `sha256sum ${shellQuoted(file)}`,
    restore: `pg_restore --no-owner --exit-on-error --dbname ${database} ${shellQuoted(file)}`,
  };
}
