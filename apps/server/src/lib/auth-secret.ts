/**
 * The key that signs access tokens: AUTH_SECRET when set (required when several
 * servers share one database), else generated once and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/** The file in DATA_DIR that keeps the generated secret when AUTH_SECRET is unset. */
export const AUTH_SECRET_FILE = 'auth-secret';

export function loadAuthSecret(config: Config): Uint8Array {
  if (config.AUTH_SECRET) return new TextEncoder().encode(config.AUTH_SECRET);
  return new TextEncoder().encode(dataDirSecret(config, AUTH_SECRET_FILE));
}

/**
 * A random secret kept in DATA_DIR/name (mode 600), made on first use. 'wx' makes
 * the first writer win when two processes race; both then read the same file.
 */
export function dataDirSecret(config: Config, name: string): string {
  const path = join(config.DATA_DIR, name);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    writeFileSync(path, randomBytes(48).toString('base64url'), {
      mode: PRIVATE_FILE_MODE,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}
