/**
 * A backup taken while the real server answers daily claims, restored into a
 * new place, served by a new server: every claim answered 200 before the backup
 * command started is in it, nothing that was never answered is, and
 * `users.points == sum(points_earned)` holds. PGlite in the default pass (the
 * backup through the running server, the restore with `restore FILE`);
 * PostgreSQL in the PostgreSQL pass (the pg_dump and pg_restore lines the
 * commands print, run as printed).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fromPostgres, openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { AUTH_SECRET_FILE } from '../../src/lib/auth-secret.ts';
import { withAdminClient } from '../global-setup.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { freshPostgresDatabase, onPostgres } from '../helpers/test-database.ts';
import { seedMembers, type SeededMember } from '../reliability/seed.ts';
import { callServer, startServer, type ServerProcess } from '../reliability/server-process.ts';
import { runAdmin } from './admin-process.ts';
import { embeddedDataDir, newFolder, removeFolders, writeAuthSecret } from './data-dirs.ts';

const PUBLIC_URL = 'http://netpulse.test';
const MEMBERS = 200;
/** Writes in flight at once, and each worker's pause between two. */
const WORKERS = 4;
const PAUSE_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(removeFolders);

/**
 * Every member claims once, WORKERS at a time; once all have, the workers go on
 * opening speed tests (a row written each) until `stop()`, so the writes last
 * however long the backup takes.
 */
function driveLoad(server: ServerProcess, members: SeededMember[]) {
  const acknowledged: { memberId: number; transactionId: string }[] = [];
  const otherAnswers: string[] = [];
  let writes = 0;
  let next = 0;
  let stopped = false;
  const workers = Array.from({ length: WORKERS }, async () => {
    while (!stopped) {
      const claiming = next < members.length;
      const member = members[next++ % members.length]!;
      const answer = await callServer(
        server.url,
        'POST',
        claiming ? '/v1/api/daily-claim' : '/v1/api/speedtests',
        { token: member.accessToken, ...(claiming ? {} : { payload: {} }) },
      );
      if (answer?.status !== 200) {
        otherAnswers.push(`${answer?.status ?? 'no answer'} ${answer?.body?.message ?? ''}`);
      } else if (claiming) {
        acknowledged.push({
          memberId: member.id,
          transactionId: String(answer.body?.data?.transaction_id),
        });
      }
      writes += answer?.status === 200 ? 1 : 0;
      await sleep(PAUSE_MS);
    }
  });
  return {
    acknowledged,
    otherAnswers,
    writes: () => writes,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** The daily claims `database` holds, by transaction id. */
async function creditedClaims(database: DatabaseHandle): Promise<Set<string>> {
  const rows = await database.db
    .select({ transactionId: pointTransactions.transactionId })
    .from(pointTransactions)
    .where(eq(pointTransactions.transactionType, 'daily_claim'));
  return new Set(rows.map((row) => row.transactionId));
}

/**
 * Starts a server on `env`, claims under load, runs `backUp` once enough claims
 * are in, and returns what was acknowledged before it started and in all.
 */
async function backUpUnderLoad(
  env: Record<string, string>,
  members: SeededMember[],
  backUp: () => Promise<void>,
) {
  const server = await startServer(env);
  try {
    const load = driveLoad(server, members);
    await expect
      .poll(() => load.acknowledged.length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(50);
    const before = load.acknowledged.map((claim) => claim.transactionId);
    const writesBefore = load.writes();
    await backUp();
    const duringBackup = load.writes() - writesBefore;
    await load.stop();
    expect(load.otherAnswers, 'writes not answered 200').toEqual([]);
    expect(await server.kill('SIGTERM'), server.output()).toBe(0);
    return { before, all: load.acknowledged, duringBackup };
  } finally {
    await server.kill('SIGKILL');
  }
}

/** A restored server answers a member with the session token from before the backup. */
async function expectServedWithOldSessions(
  env: Record<string, string>,
  member: SeededMember,
): Promise<void> {
  const server = await startServer(env);
  try {
    const profile = await callServer(server.url, 'GET', '/v1/api/auth/profile', {
      token: member.accessToken,
    });
    expect(profile?.status, server.output()).toBe(200);
    expect(profile?.body?.data?.username).toBe(member.username);
    expect(Number(profile?.body?.data?.points)).toBeGreaterThan(0);
    expect(await server.kill('SIGTERM')).toBe(0);
  } finally {
    await server.kill('SIGKILL');
  }
}

/** The restored database: every claim acknowledged before the backup, none never acknowledged. */
async function expectRestoredClaims(
  database: DatabaseHandle,
  acknowledged: { before: string[]; all: { transactionId: string }[] },
): Promise<number> {
  const credited = await creditedClaims(database);
  expect(
    acknowledged.before.filter((id) => !credited.has(id)),
    'claims acknowledged before the backup started, missing from it',
  ).toEqual([]);
  const answered = new Set(acknowledged.all.map((claim) => claim.transactionId));
  expect(
    [...credited].filter((id) => !answered.has(id)),
    'claims in the backup that were never acknowledged',
  ).toEqual([]);
  await expectLedgerInvariant(database);
  return credited.size;
}

describe.skipIf(onPostgres)('backup and restore on PGlite', () => {
  it('backs up through the running server under claim load; the restored DATA_DIR serves every acknowledged credit', async () => {
    const { dataDir, authSecret, database } = await embeddedDataDir();
    const members = await seedMembers(database, { authSecret, publicUrl: PUBLIC_URL }, MEMBERS);
    await database.close();
    // No AUTH_SECRET: the server uses DATA_DIR's auth-secret, which the backup must carry.
    const settings = { PUBLIC_URL, RATE_LIMIT_DISABLED: 'true', SPEEDTEST_MIN_INTERVAL_S: '0' };
    const file = join(newFolder(), 'netpulse.backup');

    let backupRun: Awaited<ReturnType<typeof runAdmin>> | undefined;
    const acknowledged = await backUpUnderLoad(
      { ...settings, DATA_DIR: dataDir },
      members,
      async () => {
        backupRun = await runAdmin({ DATA_DIR: dataDir }, 'backup', file);
      },
    );
    expect(backupRun).toMatchObject({ exitCode: 0, stderr: '' });
    expect(backupRun!.stdout).toContain(`Backup written to ${file} (${statSync(file).size} bytes`);
    expect(backupRun!.stdout).toContain('holds the auth secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restoredDir = join(newFolder(), 'restored');
    // The digest the backup printed, which the operator keeps apart from the file.
    const sha256 = /^SHA-256: ([0-9a-f]{64})$/m.exec(backupRun!.stdout)?.[1];
    expect(sha256, backupRun!.stdout).toBeDefined();
    const restore = await runAdmin(
      { DATA_DIR: restoredDir },
      'restore',
      file,
      '--expect-sha256',
      sha256!,
    );
    expect(restore, restore.stderr).toMatchObject({ exitCode: 0, stderr: '' });
    expect(restore.stdout).toContain(`into ${restoredDir}: ${MEMBERS} accounts and`);

    // The first claim answered was answered before the backup started.
    const first = acknowledged.all[0]!;
    await expectServedWithOldSessions(
      { ...settings, DATA_DIR: restoredDir },
      members.find((member) => member.id === first.memberId)!,
    );

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const inBackup = await expectRestoredClaims(restored, acknowledged);
      console.log(
        `backup under load (pglite): ${acknowledged.before.length} claims acknowledged before the ` +
          `backup started, ${acknowledged.all.length} in all; ${acknowledged.duringBackup} writes answered ` +
          `while the backup ran; ` +
          `${inBackup} in the backup`,
      );
    } finally {
      await restored.close();
    }
    expect(acknowledged.duringBackup, 'writes answered while the backup ran').toBeGreaterThan(0);
  }, 120_000);
});

/** A new, empty database named so global-setup's teardown drops it if this test does not. */
async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${inject('postgresTemplate')}_t${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE template0`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** `url` with a password the printed commands must not show (the test server trusts local users). */
function withPassword(url: string): string {
  const withSecret = new URL(url);
  withSecret.password = 'not-to-be-printed';
  return withSecret.toString();
}

/** The printed line that starts with `command`. */
function lineOf(output: string, command: string): string {
  const line = output.split('\n').find((text) => text.trim().startsWith(`${command} `));
  expect(line, output).toBeDefined();
  return line!.trim();
}

describe.runIf(onPostgres)('backup and restore on PostgreSQL', () => {
  it('the printed pg_dump line backs up under claim load; the printed pg_restore line restores every acknowledged credit', async () => {
    const source = (await freshPostgresDatabase())!;
    const target = await emptyPostgresDatabase();
    try {
      const dataDir = newFolder();
      const authSecret = writeAuthSecret(dataDir);
      const seeding = fromPostgres(source.url, 4);
      const members = await seedMembers(seeding, { authSecret, publicUrl: PUBLIC_URL }, MEMBERS);
      await seeding.close();
      const settings = { PUBLIC_URL, RATE_LIMIT_DISABLED: 'true', SPEEDTEST_MIN_INTERVAL_S: '0' };
      const file = join(newFolder(), 'netpulse.dump');
      const shell = (line: string) => promisify(execFile)('sh', ['-c', line], { env: process.env });

      let printed = '';
      const acknowledged = await backUpUnderLoad(
        { ...settings, DATA_DIR: dataDir, DATABASE_URL: source.url },
        members,
        async () => {
          const backup = await runAdmin(
            { DATA_DIR: dataDir, DATABASE_URL: withPassword(source.url) },
            'backup',
            file,
          );
          expect(backup).toMatchObject({ exitCode: 0, stderr: '' });
          printed = backup.stdout;
          await shell(lineOf(printed, 'pg_dump'));
        },
      );
      expect(printed).not.toContain('not-to-be-printed');
      expect(printed).toContain('auth-secret');
      expect(existsSync(file)).toBe(true);

      const restore = await runAdmin(
        { DATA_DIR: dataDir, DATABASE_URL: withPassword(target.url) },
        'restore',
        file,
      );
      expect(restore.exitCode).toBe(1);
      expect(restore.stderr).not.toContain('not-to-be-printed');
      await shell(lineOf(restore.stderr, 'pg_restore'));

      // The operator keeps DATA_DIR/auth-secret with the dump, as the printed advice says.
      const restoredDir = newFolder();
      copyFileSync(join(dataDir, AUTH_SECRET_FILE), join(restoredDir, AUTH_SECRET_FILE));
      const first = acknowledged.all[0]!;
      await expectServedWithOldSessions(
        { ...settings, DATA_DIR: restoredDir, DATABASE_URL: target.url },
        members.find((member) => member.id === first.memberId)!,
      );

      const restored = fromPostgres(target.url, 2);
      try {
        const inBackup = await expectRestoredClaims(restored, acknowledged);
        console.log(
          `backup under load (postgres): ${acknowledged.before.length} claims acknowledged before ` +
            `pg_dump started, ${acknowledged.all.length} in all; ${acknowledged.duringBackup} writes ` +
            `answered while the backup ran; ${inBackup} in the dump`,
        );
      } finally {
        await restored.close();
      }
      expect(acknowledged.duringBackup, 'writes answered while the backup ran').toBeGreaterThan(0);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
