/**
 * A restore trusts a backup only by the SHA-256 the backup command printed
 * (decision 022, amended): without it, or with a file that does not match it
 * (one repacked with an auth secret of someone else's choosing), nothing is
 * restored. And it reads what it loaded before saying it worked: a database
 * whose ledger does not add up, or one of a newer version, is refused and removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPrivate } from '../helpers/file-modes.ts';
import { seedMembers } from '../reliability/seed.ts';
import { runAdmin, type AdminRun } from './admin-process.ts';
import { embeddedDataDir, newFolder, removeFolders } from './data-dirs.ts';
import { onPostgres } from '../helpers/test-database.ts';

const PUBLIC_URL = 'http://netpulse.test';
const digestOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

afterAll(removeFolders);

/** The digest `backup` printed. */
function printedDigest(backup: AdminRun): string {
  const sha256 = /^SHA-256: ([0-9a-f]{64})$/m.exec(backup.stdout)?.[1];
  expect(sha256, backup.stdout).toBeDefined();
  return sha256!;
}

/**
 * A backup of a database with `members` accounts, changed by `alter` before it is
 * taken; returns the file and the digest the command printed.
 */
async function backupOf(
  alter: (run: (statement: ReturnType<typeof sql>) => Promise<unknown>) => Promise<void> = () =>
    Promise.resolve(),
): Promise<{ file: string; sha256: string; printed: AdminRun; authSecret: string }> {
  const { dataDir, authSecret, database } = await embeddedDataDir();
  await seedMembers(database, { authSecret, publicUrl: PUBLIC_URL }, 3);
  await alter((statement) => database.db.execute(statement));
  await database.close();
  const file = join(newFolder(), 'netpulse.backup');
  const backup = await runAdmin({ DATA_DIR: dataDir }, 'backup', file);
  expect(backup, backup.stderr).toMatchObject({ exitCode: 0, stderr: '' });
  return { file, sha256: digestOf(file), printed: backup, authSecret };
}

/** Restores `file` into a new DATA_DIR with `args` after FILE. */
async function restoreInto(file: string, ...args: string[]) {
  const target = join(newFolder(), 'restored');
  const run = await runAdmin({ DATA_DIR: target }, 'restore', file, ...args);
  return { target, run };
}

describe.skipIf(onPostgres)('restore authenticates the backup and checks the database', () => {
  let backup: Awaited<ReturnType<typeof backupOf>>;

  beforeAll(async () => {
    backup = await backupOf();
  }, 60_000);

  it('backup prints the SHA-256 of the file it wrote, and says to keep it apart', () => {
    expect(printedDigest(backup.printed)).toBe(backup.sha256);
    expect(backup.printed.stdout).toContain('Keep this digest apart from the file (not beside it)');
    expect(backup.printed.stdout).toContain(`restore FILE --expect-sha256 ${backup.sha256}`);
  });

  it('restore refuses without --expect-sha256, or with something that is not a digest, and writes nothing', async () => {
    const missing = await restoreInto(backup.file);
    expect(missing.run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(missing.run.stderr).toContain(
      `restore needs --expect-sha256 HEX: the SHA-256 the backup command printed when it wrote ${backup.file}`,
    );
    expect(existsSync(missing.target)).toBe(false);

    const malformed = await restoreInto(backup.file, '--expect-sha256', 'abc123');
    expect(malformed.run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(malformed.run.stderr).toContain('--expect-sha256 takes the 64 hexadecimal digits');
    expect(existsSync(malformed.target)).toBe(false);
  }, 60_000);

  it('refuses a backup repacked with another auth secret, and writes nothing', async () => {
    // What the review did: the same database, an auth secret of its choosing, zipped again.
    const entries = unzipSync(readFileSync(backup.file));
    expect(new TextDecoder().decode(entries['auth-secret'])).toBe(backup.authSecret);
    const tampered = join(newFolder(), 'netpulse.backup');
    writeFileSync(
      tampered,
      zipSync({ ...entries, 'auth-secret': strToU8('chosen-by-someone-else') }, { level: 0 }),
    );

    const refused = await restoreInto(tampered, '--expect-sha256', backup.sha256);
    expect(refused.run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(refused.run.stderr).toContain(
      `${tampered} is not the backup you named: its SHA-256 is ${digestOf(tampered)}, not ${backup.sha256}.`,
    );
    expect(refused.run.stderr).toContain('Nothing was restored');
    expect(existsSync(refused.target)).toBe(false);

    // Another file's digest does not open this one either.
    const wrong = await restoreInto(backup.file, '--expect-sha256', digestOf(tampered));
    expect(wrong.run.exitCode).toBe(1);
    expect(wrong.run.stderr).toContain('is not the backup you named');
    expect(existsSync(wrong.target)).toBe(false);
  }, 60_000);

  it('restores with the digest the backup printed (either case, before or after FILE), and says what it read', async () => {
    const restored = await restoreInto(backup.file, '--expect-sha256', backup.sha256.toUpperCase());
    expect(restored.run, restored.run.stderr).toMatchObject({ exitCode: 0, stderr: '' });
    expect(restored.run.stdout).toContain(
      `into ${restored.target}: 3 accounts and 0 transactions, every account's points the sum of its transactions.`,
    );
    expect(readFileSync(join(restored.target, 'auth-secret'), 'utf8')).toBe(backup.authSecret);
    expect(existsSync(join(restored.target, 'pgdata', 'PG_VERSION'))).toBe(true);
    // What a restore writes is the server user's alone, as the rest of DATA_DIR.
    expect(notPrivate(restored.target)).toEqual([]);

    const target = join(newFolder(), 'restored');
    const flagFirst = await runAdmin(
      { DATA_DIR: target },
      'restore',
      '--expect-sha256',
      backup.sha256,
      backup.file,
    );
    expect(flagFirst, flagFirst.stderr).toMatchObject({ exitCode: 0, stderr: '' });
  }, 60_000);

  it('refuses a database whose ledger does not add up, and removes what it restored', async () => {
    const broken = await backupOf(async (run) => {
      await run(sql`update users set points = points + 5 where id = (select min(id) from users)`);
    });
    const refused = await restoreInto(broken.file, '--expect-sha256', broken.sha256);
    expect(refused.run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(refused.run.stderr).toContain(
      `${broken.file} could not be restored: its ledger does not add up: 1 of 3 accounts have points ` +
        'that are not the sum of their transactions.',
    );
    expect(existsSync(refused.target)).toBe(false);
  }, 90_000);

  it('refuses a database of a newer version (migrations this one does not know), and removes it', async () => {
    const newer = await backupOf(async (run) => {
      await run(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${Date.UTC(2099, 0, 1)})`,
      );
    });
    const refused = await restoreInto(newer.file, '--expect-sha256', newer.sha256);
    expect(refused.run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(refused.run.stderr).toContain(
      'its database has 1 migrations this version does not know: it was taken by a newer Netpulse',
    );
    expect(existsSync(refused.target)).toBe(false);
  }, 90_000);
});
