/**
 * `backup FILE` without a server, and what `backup` and `restore` refuse: a
 * FILE that exists, a file that is not a backup, a DATA_DIR that is not empty,
 * a DATA_DIR a server runs on. With PostgreSQL they print the pg_dump and
 * pg_restore lines, never the password. The commands run as processes, as an
 * operator runs them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBackup } from '../../src/modules/backups/backup-archive.ts';
import { startServer } from '../reliability/server-process.ts';
import { runAdmin } from './admin-process.ts';
import { embeddedDataDir, newFolder, removeFolders } from './data-dirs.ts';
import { onPostgres } from '../helpers/test-database.ts';

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

afterAll(removeFolders);

/** A whole ustar archive of one file, as PGlite's tar writes them. */
function oneFileTar(name: string, content: string): Buffer {
  const header = Buffer.alloc(512);
  const field = (at: number, text: string) => header.write(text, at, 'latin1');
  field(0, name);
  field(100, '0000644\0');
  field(108, '0000000\0');
  field(116, '0000000\0');
  field(124, `${content.length.toString(8).padStart(11, '0')}\0`);
  field(136, `${'0'.repeat(11)}\0`);
  field(148, ' '.repeat(8));
  field(156, '0');
  field(257, 'ustar\0');
  field(263, '00');
  const sum = header.reduce((total, byte) => total + byte, 0);
  field(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  const data = Buffer.alloc(512);
  data.write(content, 'latin1');
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

describe.skipIf(onPostgres)('backup and restore on PGlite, refusals', () => {
  let dataDir: string;
  let authSecret: string;
  let backupFile: string;

  beforeAll(async () => {
    const made = await embeddedDataDir();
    await made.database.close();
    ({ dataDir, authSecret } = made);
  });

  it('backs up without a running server, to FILE relative to where npm run was typed, and never over a file', async () => {
    const folder = newFolder();
    // npm runs the script in the repository's root; INIT_CWD is the operator's folder.
    const written = await runAdmin(
      { DATA_DIR: dataDir, INIT_CWD: folder },
      'backup',
      'first.backup',
    );
    backupFile = join(folder, 'first.backup');
    expect(written, written.stderr).toMatchObject({ exitCode: 0, stderr: '' });
    expect(written.stdout).toMatch(new RegExp(`^Backup written to ${backupFile} \\(\\d+ bytes`));
    expect(written.stdout).toContain(`SHA-256: ${digest(backupFile)}\n`);
    // Written under another name and linked into place: nothing else is left.
    expect(readdirSync(folder)).toEqual(['first.backup']);
    const backup = await decodeBackup(readFileSync(backupFile));
    expect(backup.manifest).toMatchObject({ format: 'netpulse-backup', authSecret: 'included' });
    expect(backup.authSecret).toBe(authSecret);

    const before = digest(backupFile);
    const again = await runAdmin({ DATA_DIR: dataDir }, 'backup', backupFile);
    expect(again).toMatchObject({ exitCode: 1, stdout: '' });
    expect(again.stderr).toContain(`${backupFile} already exists: a backup never replaces a file`);
    expect(digest(backupFile)).toBe(before);
    expect(readdirSync(folder)).toEqual(['first.backup']);
  }, 60_000);

  it('restore refuses a file that is not a backup, and leaves no DATA_DIR behind', async () => {
    const folder = newFolder();
    const target = join(folder, 'new-data');
    // Each with its own digest, as if the operator had it from the backup: what is refused is the content.
    const refusal = async (name: string, bytes: Uint8Array | string | null) => {
      const file = join(folder, name);
      if (bytes !== null) writeFileSync(file, bytes);
      const sha256 = bytes === null ? '0'.repeat(64) : digest(file);
      const restore = await runAdmin(
        { DATA_DIR: target },
        'restore',
        file,
        '--expect-sha256',
        sha256,
      );
      expect(restore).toMatchObject({ exitCode: 1, stdout: '' });
      expect(existsSync(target)).toBe(false);
      return restore.stderr;
    };
    const manifest = (fields: object) =>
      strToU8(
        JSON.stringify({ format: 'netpulse-backup', version: 1, database: 'pglite', ...fields }),
      );

    expect(await refusal('notes.txt', 'not a backup')).toContain(
      `${join(folder, 'notes.txt')} is not a Netpulse backup (a file written by \`npm run admin -- backup\`)`,
    );
    expect(await refusal('other.zip', zipSync({ 'a.txt': strToU8('a') }))).toContain(
      'is not a Netpulse backup: it holds no netpulse-backup.json',
    );
    expect(
      await refusal('newer.backup', zipSync({ 'netpulse-backup.json': manifest({ version: 2 }) })),
    ).toContain('is not a Netpulse backup: it is a backup of format 2');
    expect(await refusal('missing.backup', null)).toContain(
      `Cannot read ${join(folder, 'missing.backup')}: there is no such file`,
    );
    const backupOf = (tar: Uint8Array) =>
      zipSync({
        'netpulse-backup.json': manifest({ authSecret: 'included' }),
        'pgdata.tar.gz': gzipSync(tar),
        'auth-secret': strToU8('secret'),
      });
    expect(await refusal('damaged.backup', backupOf(Buffer.alloc(4096, 7)))).toContain(
      'is not a Netpulse backup: its pgdata.tar.gz is damaged or holds no database',
    );
    // A whole tar with PG_VERSION and nothing else: PGlite itself fails on it, and the
    // auth-secret already written and the half-loaded database are removed again.
    expect(await refusal('hollow.backup', backupOf(oneFileTar('/PG_VERSION', '17\n')))).toContain(
      `${join(folder, 'hollow.backup')} could not be restored`,
    );
  }, 60_000);

  it('restore refuses a DATA_DIR that holds a database, or anything else', async () => {
    const expectDigest = ['--expect-sha256', digest(backupFile)];
    const holding = await runAdmin({ DATA_DIR: dataDir }, 'restore', backupFile, ...expectDigest);
    expect(holding).toMatchObject({ exitCode: 1, stdout: '' });
    expect(holding.stderr).toContain(`The data directory ${dataDir} already holds a database`);
    expect(holding.stderr).toContain('A restore writes only into an empty or new DATA_DIR');

    const stray = newFolder();
    writeFileSync(join(stray, 'notes.txt'), 'mine');
    const notEmpty = await runAdmin({ DATA_DIR: stray }, 'restore', backupFile, ...expectDigest);
    expect(notEmpty).toMatchObject({ exitCode: 1, stdout: '' });
    expect(notEmpty.stderr).toContain(
      `The data directory ${stray} is not empty (it holds notes.txt)`,
    );
    expect(readdirSync(stray)).toEqual(['notes.txt']);
  }, 60_000);

  it('restore refuses while a server runs on DATA_DIR; a backup through that server refuses an existing FILE', async () => {
    const server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: 'http://netpulse.test' });
    try {
      const restore = await runAdmin(
        { DATA_DIR: dataDir },
        'restore',
        backupFile,
        '--expect-sha256',
        digest(backupFile),
      );
      expect(restore).toMatchObject({ exitCode: 1, stdout: '' });
      expect(restore.stderr).toContain(
        `A server is running on the data directory ${dataDir} (pid ${server.child.pid}). Stop it first`,
      );

      const before = digest(backupFile);
      const backup = await runAdmin({ DATA_DIR: dataDir }, 'backup', backupFile);
      expect(backup).toMatchObject({ exitCode: 1, stdout: '' });
      expect(backup.stderr).toContain(`${backupFile} already exists`);
      expect(digest(backupFile)).toBe(before);
      expect(await server.kill('SIGTERM')).toBe(0);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 90_000);
});

describe('backup and restore with PostgreSQL (DATABASE_URL)', () => {
  const databaseUrl = 'postgres://netpulse:not-to-be-printed@db.internal:5432/netpulse';

  it('backup prints the pg_dump and pg_restore lines without the password, and exits 0', async () => {
    const folder = newFolder();
    const file = join(folder, "it's.dump");
    const backup = await runAdmin({ DATA_DIR: folder, DATABASE_URL: databaseUrl }, 'backup', file);
    expect(backup).toMatchObject({ exitCode: 0, stderr: '' });
    expect(backup.stdout).toContain(
      `  pg_dump --format=custom --file '${folder}/it'\\''s.dump' --dbname 'postgres://netpulse@db.internal:5432/netpulse'\n`,
    );
    expect(backup.stdout).toContain(
      `  pg_restore --no-owner --exit-on-error --dbname 'postgres://netpulse@db.internal:5432/netpulse' '${folder}/it'\\''s.dump'\n`,
    );
    expect(backup.stdout).toContain(`  sha256sum '${folder}/it'\\''s.dump'\n`);
    expect(backup.stdout).toContain('Keep that digest apart from the dump');
    expect(backup.stdout).toContain('Keep DATA_DIR/auth-secret with the dump');
    expect(backup.stdout).not.toContain('not-to-be-printed');
    expect(readdirSync(folder)).toEqual([]);
  }, 30_000);

  it('restore restores nothing: it prints the pg_restore line and exits 1', async () => {
    const folder = newFolder();
    const restore = await runAdmin(
      { DATA_DIR: folder, DATABASE_URL: databaseUrl, AUTH_SECRET: 'x'.repeat(40) },
      'restore',
      join(folder, 'netpulse.dump'),
    );
    expect(restore).toMatchObject({ exitCode: 1, stdout: '' });
    expect(restore.stderr).toContain('restore does not restore PostgreSQL');
    expect(restore.stderr).toContain(
      `  pg_restore --no-owner --exit-on-error --dbname 'postgres://netpulse@db.internal:5432/netpulse' '${folder}/netpulse.dump'`,
    );
    expect(restore.stderr).not.toContain('auth-secret');
    expect(restore.stderr).not.toContain('not-to-be-printed');
  }, 30_000);
});
