/**
 * DATA_DIRs for the backup tests: temporary, removed after the file's tests,
 * and one with a migrated embedded database loaded from the run's migrated dump
 * (global-setup.ts), seconds faster than a new PGlite migrated from nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { fromPglite, type DatabaseHandle } from '../../src/db/client.ts';
import { AUTH_SECRET_FILE } from '../../src/lib/auth-secret.ts';
import { makePrivate } from '../../src/lib/private-files.ts';

const made: string[] = [];

/** A new, empty folder. */
export function newFolder(prefix = 'netpulse-backup-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder made here (afterAll). */
export function removeFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The auth secret a server generates when AUTH_SECRET is unset, written first so tests know it. */
export function writeAuthSecret(dataDir: string): string {
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(join(dataDir, AUTH_SECRET_FILE), secret, { mode: 0o600 });
  return secret;
}

/**
 * A DATA_DIR with a migrated embedded database and an auth-secret file, and the
 * database open (close it before a server starts on the directory). Closing it
 * leaves the directory private, as a server keeps its own: the test process's
 * umask would leave it open, and the server and the CLI would say they mended it.
 */
export async function embeddedDataDir(): Promise<{
  dataDir: string;
  authSecret: string;
  database: DatabaseHandle;
}> {
  const dataDir = newFolder();
  const authSecret = writeAuthSecret(dataDir);
  const client = await PGlite.create(join(dataDir, 'pgdata'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteDumpPath'))]),
  });
  const database = fromPglite(client, () => makePrivate(dataDir));
  await prepareDatabase(database);
  return { dataDir, authSecret, database };
}
