/**
 * Where the running server's loopback admin route answers. The server writes it
 * to DATA_DIR, beside the data directory's lock, once it listens, and removes it
 * when it stops; the admin CLI reads it, so it finds the server whatever PORT the
 * server was started with and whatever the CLI's own environment says.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

export const ADMIN_ADDRESS_FILE = 'admin-address';
/** The secret the CLI proves itself with: only someone on this machine can read DATA_DIR. */
export const ADMIN_SECRET_FILE = 'admin-secret';

/** The loopback URL of a listening socket: an unspecified address is reached over loopback. */
export function loopbackUrlOf(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '::1'
        : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Records `url`, written whole and then renamed, so a reader never sees half of it. */
export function recordAdminAddress(dataDir: string, url: string): void {
  const path = join(dataDir, ADMIN_ADDRESS_FILE);
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, `${url}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(partial, path);
}

/** Removes the record: at the stop, and at the start (a crashed server's may be left). */
export function forgetAdminAddress(dataDir: string): void {
  rmSync(join(dataDir, ADMIN_ADDRESS_FILE), { force: true });
}

/** The recorded URL, or null when no server has recorded one. */
export function readAdminAddress(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, ADMIN_ADDRESS_FILE), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
