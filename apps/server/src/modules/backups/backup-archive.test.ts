import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { decodeBackup, encodeBackup, looksLikeBackup, NotABackupError } from './backup-archive.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';

/** A real PGlite data directory tar: the test run's migrated database. */
const dataDirTar = () => new Uint8Array(readFileSync(inject('pgliteDumpPath')));
const createdAt = new Date('2026-05-01T12:00:00Z');

describe.skipIf(onPostgres)('the backup file', () => {
  it('holds the database and the auth secret, and reads back as written', async () => {
    const tar = dataDirTar();
    const bytes = await encodeBackup(tar, { source: 'included', value: 'the-secret' }, createdAt);
    expect(looksLikeBackup(bytes)).toBe(true);
    expect(Object.keys(unzipSync(bytes))).toEqual([
      'netpulse-backup.json',
      'pgdata.tar.gz',
      'auth-secret',
    ]);
    const read = await decodeBackup(bytes);
    expect(read.manifest).toEqual({
      format: 'netpulse-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      database: 'pglite',
      authSecret: 'included',
    });
    expect(read.authSecret).toBe('the-secret');
    expect(Buffer.from(read.databaseTar).equals(Buffer.from(tar))).toBe(true);
  });

  it('leaves the secret out when AUTH_SECRET comes from the environment', async () => {
    const bytes = await encodeBackup(
      dataDirTar(),
      { source: 'environment', value: null },
      createdAt,
    );
    expect(Object.keys(unzipSync(bytes))).not.toContain('auth-secret');
    expect((await decodeBackup(bytes)).authSecret).toBeNull();
  });

  it('refuses a tar that is cut short or holds no database, before PGlite sees it', async () => {
    const tar = dataDirTar();
    const backupOf = (databaseTar: Uint8Array) =>
      zipSync({
        'netpulse-backup.json': strToU8(
          JSON.stringify({
            format: 'netpulse-backup',
            version: 1,
            database: 'pglite',
            authSecret: 'none',
          }),
        ),
        'pgdata.tar.gz': gzipSync(databaseTar),
      });
    await expect(decodeBackup(backupOf(tar.subarray(0, tar.length - 4096)))).rejects.toThrow(
      NotABackupError,
    );
    await expect(decodeBackup(backupOf(new Uint8Array(4096).fill(7)))).rejects.toThrow(
      /damaged or holds no database/,
    );
    await expect(decodeBackup(backupOf(tar))).resolves.toMatchObject({ authSecret: null });
  });

  it('refuses what is not a zip, and a zip that is not a backup', async () => {
    expect(looksLikeBackup(strToU8('hello'))).toBe(false);
    await expect(decodeBackup(strToU8('PK\u0003\u0004 and nothing more'))).rejects.toThrow(
      'it is not a zip file',
    );
    await expect(decodeBackup(zipSync({ 'a.txt': strToU8('a') }))).rejects.toThrow(
      'it holds no netpulse-backup.json',
    );
  });
});
