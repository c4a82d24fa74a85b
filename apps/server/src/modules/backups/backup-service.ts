/**
 * `backup FILE` and `restore FILE` (decision 022). The embedded database is
 * copied while the server runs (the process that owns it takes the copy) into a
 * file written whole under another name and then linked into place; a restore
 * writes only into an empty DATA_DIR, with no server on it. PostgreSQL has its
 * own tools, and the commands print how to use them.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { link, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { hasBeenMigrated } from '../../bootstrap.ts';
import { restoreEmbeddedSnapshot, type DatabaseHandle } from '../../db/client.ts';
import {
  acquireDataDirLock,
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
} from '../../db/data-dir-lock.ts';
import type { Config } from '../../env.ts';
import { AUTH_SECRET_FILE } from '../../lib/auth-secret.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import {
  decodeBackup,
  encodeBackup,
  looksLikeBackup,
  NotABackupError,
  type AuthSecretSource,
  type BackupManifest,
} from './backup-archive.ts';

/** A backup or restore that cannot go ahead; the message tells the operator what to do. */
export class BackupRefusedError extends Error {}

export interface WrittenBackup {
  file: string;
  bytes: number;
  authSecret: AuthSecretSource;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

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
  return { file, bytes: bytes.length, authSecret: authSecret.source };
}

/** The backup in `file`, read only when its first bytes say it may be one. */
async function readBackup(file: string) {
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
 * Restores the backup in `file` (absolute) into DATA_DIR, which must be empty or
 * absent and have no server on it: its lock is held throughout, so none starts
 * meanwhile. On any failure what it wrote is removed again. Returns the backup's manifest.
 */
export async function restoreBackup(config: Config, file: string): Promise<BackupManifest> {
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
    const backup = await readBackup(file);
    if (backup.authSecret) {
      await writeFile(secretPath, backup.authSecret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      wroteSecret = true;
    }
    try {
      await restoreEmbeddedSnapshot(dataDir, backup.databaseTar, async (database) => {
        if (!(await hasBeenMigrated(database))) throw new Error('its database has no tables');
      });
    } catch (error) {
      throw new BackupRefusedError(`${file} could not be restored: ${(error as Error).message}.`);
    }
    restored = true;
    return backup.manifest;
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
 * names, its password left out (they ask for it, or read PGPASSWORD or ~/.pgpass).
 */
export function postgresCommands(databaseUrl: string, file: string) {
  const database = shellQuoted(withoutPassword(databaseUrl));
  return {
    dump: `pg_dump --format=custom --file ${shellQuoted(file)} --dbname ${database}`,
    restore: `pg_restore --no-owner --exit-on-error --dbname ${database} ${shellQuoted(file)}`,
  };
}
