/**
 * The key that signs access tokens: AUTH_SECRET when set (required when several
 * servers share one database), else generated once and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../env.ts';

export function loadAuthSecret(config: Config): Uint8Array {
  if (config.AUTH_SECRET) return new TextEncoder().encode(config.AUTH_SECRET);
  const path = join(config.DATA_DIR, 'auth-secret');
  try {
    return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two processes race, the first file wins and both read it.
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
}
