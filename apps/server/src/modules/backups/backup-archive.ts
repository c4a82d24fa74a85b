/**
 * The backup file (decision 022): a zip, so `unzip -l` shows what it holds, of
 *   netpulse-backup.json  what it is: format, version, when, how the auth secret travels
 *   pgdata.tar.gz         PGlite's data directory as its `dumpDataDir` tar, gzipped
 *   auth-secret           DATA_DIR/auth-secret, when the server had no AUTH_SECRET
 * The entries are stored, not deflated again: the tar is gzipped already, by
 * zlib's thread pool rather than on the server's event loop, at level 1: the
 * compression competes with the requests for the CPU, and level 1 took 0.4 s
 * for a 41 MB database here where the default took 1 s, for 14 % more bytes.
 */
import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

const MANIFEST = 'netpulse-backup.json';
const DATABASE = 'pgdata.tar.gz';
const AUTH_SECRET = 'auth-secret';
const FORMAT = 'netpulse-backup';
const VERSION = 1;

/** Where the restored server finds its auth secret (it signs sessions and seals social tokens). */
export type AuthSecretSource = 'included' | 'environment' | 'none';

export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  database: 'pglite';
  authSecret: AuthSecretSource;
}

export interface BackupContents {
  manifest: BackupManifest;
  /** PGlite's data directory as the tar `loadDataDir` reads. */
  databaseTar: Uint8Array;
  authSecret: string | null;
}

/** A file that is not a backup this version can restore; the message says why. */
export class NotABackupError extends Error {}

/** The zip's first bytes: a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Whether `head` (a file's first bytes) can start a backup: checked before reading it whole. */
export function looksLikeBackup(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, at) => head[at] === byte);
}

/** The backup file's bytes. */
export async function encodeBackup(
  databaseTar: Uint8Array,
  authSecret: { source: AuthSecretSource; value: string | null },
  createdAt: Date,
): Promise<Uint8Array> {
  const manifest: BackupManifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: createdAt.toISOString(),
    database: 'pglite',
    authSecret: authSecret.source,
  };
  const files: Zippable = {
    [MANIFEST]: strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
    [DATABASE]: new Uint8Array(await promisify(gzip)(databaseTar, { level: 1 })),
  };
  if (authSecret.source === 'included' && authSecret.value) {
    files[AUTH_SECRET] = strToU8(authSecret.value);
  }
  return zipSync(files, { level: 0, mtime: createdAt });
}

function readManifest(text: string | undefined): BackupManifest {
  let manifest: Partial<BackupManifest> | null;
  try {
    manifest = text === undefined ? null : (JSON.parse(text) as Partial<BackupManifest>);
  } catch {
    manifest = null;
  }
  if (manifest?.format !== FORMAT) {
    throw new NotABackupError(`it holds no ${MANIFEST}`);
  }
  if (manifest.version !== VERSION || manifest.database !== 'pglite') {
    throw new NotABackupError(
      `it is a backup of format ${String(manifest.version)} for ${String(manifest.database)}, ` +
        `and this version restores format ${VERSION} for pglite`,
    );
  }
  return manifest as BackupManifest;
}

/**
 * Whether `tar` is whole and holds a Postgres data directory (a PG_VERSION file):
 * PGlite's loader, handed a damaged tar, tries it as gzip too and leaves an
 * unhandled rejection behind, which ends the process.
 */
function isDataDirTar(tar: Uint8Array): boolean {
  const text = (from: number, length: number) =>
    strFromU8(tar.subarray(from, from + length)).replace(/\0.*$/s, '');
  let hasVersion = false;
  let at = 0;
  while (at + 512 <= tar.length) {
    if (tar.subarray(at, at + 512).every((byte) => byte === 0)) return hasVersion;
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    if (!text(at + 257, 6).startsWith('ustar') || !Number.isFinite(size)) return false;
    hasVersion ||= text(at, 100).replace(/^\//, '') === 'PG_VERSION';
    at += 512 + Math.ceil(size / 512) * 512;
  }
  // No end-of-archive block (PGlite writes one): cut short.
  return false;
}

/** What a backup file holds; NotABackupError when it is not one, or is damaged. */
export async function decodeBackup(bytes: Uint8Array): Promise<BackupContents> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new NotABackupError('it is not a zip file');
  }
  const manifest = readManifest(files[MANIFEST] && strFromU8(files[MANIFEST]));
  const gzipped = files[DATABASE];
  if (!gzipped) throw new NotABackupError(`it holds no ${DATABASE}`);
  let databaseTar: Uint8Array;
  try {
    databaseTar = new Uint8Array(await promisify(gunzip)(gzipped));
  } catch {
    throw new NotABackupError(`its ${DATABASE} is damaged`);
  }
  if (!isDataDirTar(databaseTar)) {
    throw new NotABackupError(`its ${DATABASE} is damaged or holds no database`);
  }
  const secret = files[AUTH_SECRET] ? strFromU8(files[AUTH_SECRET]).trim() : null;
  if (manifest.authSecret === 'included' && !secret) {
    throw new NotABackupError(`its manifest names an ${AUTH_SECRET} it does not hold`);
  }
  return { manifest, databaseTar, authSecret: secret };
}
