/**
 * Kills the real server with SIGKILL at random moments under claim and ingest
 * load, restarts it on the same database, and at the end checks what a crash
 * must never do: lose a request that was answered 2xx, credit anything twice,
 * or break `points == sum(points_earned)`. With PGlite each restart also proves
 * the data directory reopens after a kill (its lock file is left behind).
 *
 * The same for accounts deleted while the server is killed (runDeletionCrashCycles):
 * each account is afterwards either whole or wholly deleted, never half, and every
 * deletion answered 200 is whole deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { fromPostgres, openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/tables/admin-tables.ts';
import { emailTokens, refreshFamilies, users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { nodes } from '../../src/db/tables/nodes-tables.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { socialAccounts } from '../../src/db/tables/quests-tables.ts';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { ACCOUNT_DELETED_ACTION } from '../../src/modules/account-data/index.ts';
import { accountTombstone } from '../../src/modules/auth/index.ts';
import { PASSWORD } from '../helpers/auth-flow.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { seedMembers, type SeededMember } from './seed.ts';
import { callServer, startServer, type ServerProcess } from './server-process.ts';

export interface CrashFigures {
  database: 'pglite' | 'postgres';
  cycles: number;
  acknowledgedClaims: number;
  acknowledgedIngests: number;
  requestsCutOff: number;
}

const PUBLIC_URL = 'http://netpulse.test';
const MEMBERS_PER_CYCLE = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims and speed-test opens in waves until `stop()`; records what was acknowledged. */
function driveLoad(server: ServerProcess, members: SeededMember[]) {
  const claims: string[] = [];
  const ingests: string[] = [];
  let cutOff = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await Promise.all(
        members.flatMap((member) => [
          // The same claim twice at once: at most one may be credited, kill or not.
          ...[0, 1].map(async () => {
            const answer = await callServer(server.url, 'POST', '/v1/api/daily-claim', {
              token: member.accessToken,
            });
            if (!answer) cutOff += 1;
            else if (answer.status === 200) claims.push(String(answer.body?.data?.transaction_id));
          }),
          (async () => {
            const answer = await callServer(server.url, 'POST', '/v1/api/speedtests', {
              token: member.accessToken,
            });
            if (!answer) cutOff += 1;
            else if (answer.status === 200) ingests.push(String(answer.body?.data?.testId));
          })(),
        ]),
      );
    }
  })();
  return {
    claims,
    ingests,
    cutOff: () => cutOff,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export async function runCrashCycles(options: {
  cycles: number;
  /** PostgreSQL to crash against; PGlite in a temporary DATA_DIR when absent. */
  databaseUrl?: string;
  /** Called after each cycle, for progress output. */
  onCycle?: (cycle: number) => void;
}): Promise<CrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-crash-'));
  const authSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    PUBLIC_URL,
    // The limits are not what is under test; they would refuse most of the load.
    RATE_LIMIT_DISABLED: 'true',
    SPEEDTEST_MIN_INTERVAL_S: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const open = (): Promise<DatabaseHandle> =>
    options.databaseUrl
      ? Promise.resolve(fromPostgres(options.databaseUrl, 2))
      : openDatabase({ dataDir });

  // Members first, with the database to ourselves (PGlite has one owner at a time).
  let database = await open();
  await prepareDatabase(database);
  const members = await seedMembers(
    database,
    { authSecret, publicUrl: PUBLIC_URL },
    options.cycles * MEMBERS_PER_CYCLE,
  );
  await database.close();

  const figures: CrashFigures = {
    database: options.databaseUrl ? 'postgres' : 'pglite',
    cycles: 0,
    acknowledgedClaims: 0,
    acknowledgedIngests: 0,
    requestsCutOff: 0,
  };
  const claims: string[] = [];
  const ingests: string[] = [];
  try {
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const server = await startServer(env);
      const load = driveLoad(
        server,
        members.slice(cycle * MEMBERS_PER_CYCLE, (cycle + 1) * MEMBERS_PER_CYCLE),
      );
      await sleep(100 + Math.random() * 700);
      await server.kill('SIGKILL');
      await load.stop();
      claims.push(...load.claims);
      ingests.push(...load.ingests);
      figures.requestsCutOff += load.cutOff();
      figures.cycles += 1;
      options.onCycle?.(cycle + 1);
    }

    // One more start proves the last kill left a database the server opens; then a clean stop.
    const last = await startServer(env);
    expect(await last.kill('SIGTERM')).toBe(0);

    database = await open();
    const ledger = await database.db
      .select({ userId: pointTransactions.userId, transactionId: pointTransactions.transactionId })
      .from(pointTransactions)
      .where(eq(pointTransactions.transactionType, 'daily_claim'));
    const credited = new Set(ledger.map((row) => row.transactionId));
    expect(
      claims.filter((id) => !credited.has(id)),
      'acknowledged claims lost',
    ).toEqual([]);
    const perMember = new Map<number, number>();
    for (const row of ledger) perMember.set(row.userId, (perMember.get(row.userId) ?? 0) + 1);
    expect(
      [...perMember.values()].filter((n) => n > 1),
      'members credited twice',
    ).toEqual([]);
    const stored = ingests.length
      ? await database.db
          .select({ id: speedtests.id })
          .from(speedtests)
          .where(inArray(speedtests.id, ingests))
      : [];
    expect(stored.length, 'acknowledged speed tests lost').toBe(new Set(ingests).size);
    await expectLedgerInvariant(database);
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.acknowledgedClaims = claims.length;
  figures.acknowledgedIngests = ingests.length;
  return figures;
}

export interface DeletionCrashFigures {
  database: 'pglite' | 'postgres';
  cycles: number;
  /** Deletions answered 200 (each found wholly deleted). */
  acknowledged: number;
  /** Accounts found deleted in all (the acknowledged ones and some cut off after their commit). */
  deleted: number;
  /** Accounts found whole (their deletion cut off before its commit). */
  whole: number;
}

const DELETIONS_PER_CYCLE = 4;
/** Tests per account: the deletion rewrites each, so its transaction lasts long enough to be cut. */
const TESTS_PER_ACCOUNT = 1_000;

/**
 * Rows in every table a deletion erases, for each member: a node, its tests (from an
 * address, at a place, through the node), a linked social account, two quests' state, a
 * security event, a mailed link; and each member after the first of a cycle's group is the
 * referee of the one before.
 */
async function plantDeletableRows(database: DatabaseHandle, members: SeededMember[]) {
  const db = database.db;
  const now = new Date();
  for (const [index, member] of members.entries()) {
    const nodeId = randomUUID();
    await db.insert(nodes).values({
      id: nodeId,
      userId: member.id,
      kind: 'browser',
      name: `Node of ${member.username}`,
      createdAt: now,
    });
    await db.execute(sql`
      insert into speedtests (user_id, ip_address, opened_at, expires_at, node_id, location_cell, country)
      select ${member.id}::int, '198.51.100.' || (n % 200), now(), now(), ${nodeId}::uuid, '881f1d4895fffff', 'DE'
      from generate_series(1, ${TESTS_PER_ACCOUNT}::int) as n`);
    await db.insert(socialAccounts).values({
      userId: member.id,
      platform: 'discord',
      accountId: `crash-${member.id}`,
      username: member.username,
      linkedAt: now,
    });
    await db.insert(questProgress).values([
      { userId: member.id, quest: 'discordConnect', started: true },
      { userId: member.id, quest: 'youtubeSubscribe', youtubeChannel: `@${member.username}` },
    ]);
    await db.insert(securityEvents).values({
      userId: member.id,
      type: 'password_changed',
      network: '198.51.100.0/24',
      createdAt: now,
    });
    await db.insert(emailTokens).values({
      userId: member.id,
      purpose: 'reset',
      tokenHash: `crash-token-${member.id}`,
      expiresAt: now,
      createdAt: now,
    });
    const referrer = index % DELETIONS_PER_CYCLE === 0 ? undefined : members[index - 1];
    if (referrer) {
      await db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, member.id));
    }
  }
}

type AccountState = 'whole' | 'deleted' | 'mixed';

/** Whether the account is whole, wholly deleted, or (what a crash must never leave) neither. */
async function accountStateOf(database: DatabaseHandle, member: SeededMember) {
  const db = database.db;
  const count = async (table: PgTable, where: SQL | undefined) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
    )[0]?.n ?? 0;
  const [user] = await db.select().from(users).where(eq(users.id, member.id));
  const tombstone = accountTombstone(member.id);
  const parts = {
    marked: user?.deletedAt !== null,
    tombstone: user?.email === tombstone.email && user?.username === tombstone.username,
    sessions: await count(refreshFamilies, eq(refreshFamilies.userId, member.id)),
    links: await count(emailTokens, eq(emailTokens.userId, member.id)),
    nodes: await count(nodes, eq(nodes.userId, member.id)),
    social: await count(socialAccounts, eq(socialAccounts.userId, member.id)),
    quests: await count(questProgress, eq(questProgress.userId, member.id)),
    events: await count(securityEvents, eq(securityEvents.userId, member.id)),
    placedTests: await count(
      speedtests,
      and(eq(speedtests.userId, member.id), sql`${speedtests.locationCell} is not null`),
    ),
    erasedTests: await count(
      speedtests,
      and(eq(speedtests.userId, member.id), eq(speedtests.ipAddress, tombstone.username)),
    ),
    referees: await count(users, eq(users.referredByUserId, member.id)),
    ownLink: user?.referredByUserId !== null,
    audits: await count(
      auditLog,
      and(eq(auditLog.action, ACCOUNT_DELETED_ACTION), eq(auditLog.adminUserId, member.id)),
    ),
  };
  const whole =
    !parts.marked &&
    !parts.tombstone &&
    parts.sessions > 0 &&
    parts.links === 1 &&
    parts.nodes === 1 &&
    parts.social === 1 &&
    parts.quests === 2 &&
    parts.events === 1 &&
    parts.placedTests === TESTS_PER_ACCOUNT &&
    parts.erasedTests === 0 &&
    parts.audits === 0;
  const deleted =
    parts.marked &&
    parts.tombstone &&
    parts.sessions === 0 &&
    parts.links === 0 &&
    parts.nodes === 0 &&
    parts.social === 0 &&
    parts.quests === 0 &&
    parts.events === 0 &&
    parts.placedTests === 0 &&
    parts.erasedTests === TESTS_PER_ACCOUNT &&
    parts.referees === 0 &&
    !parts.ownLink &&
    parts.audits === 1;
  const state: AccountState = whole ? 'whole' : deleted ? 'deleted' : 'mixed';
  return { state, parts };
}

/**
 * Deletes accounts, DELETIONS_PER_CYCLE at once, and kills the server with SIGKILL at a
 * random moment among them, `cycles` times on the same database; then checks every account.
 */
export async function runDeletionCrashCycles(options: {
  cycles: number;
  /** PostgreSQL to crash against; PGlite in a temporary DATA_DIR when absent. */
  databaseUrl?: string;
}): Promise<DeletionCrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-crash-deletion-'));
  const authSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    PUBLIC_URL,
    RATE_LIMIT_DISABLED: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const open = (): Promise<DatabaseHandle> =>
    options.databaseUrl
      ? Promise.resolve(fromPostgres(options.databaseUrl, 2))
      : openDatabase({ dataDir });

  let database = await open();
  await prepareDatabase(database);
  const members = await seedMembers(
    database,
    { authSecret, publicUrl: PUBLIC_URL },
    options.cycles * DELETIONS_PER_CYCLE,
  );
  await plantDeletableRows(database, members);
  await database.close();

  const acknowledged = new Set<number>();
  const figures: DeletionCrashFigures = {
    database: options.databaseUrl ? 'postgres' : 'pglite',
    cycles: 0,
    acknowledged: 0,
    deleted: 0,
    whole: 0,
  };
  try {
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const server = await startServer(env);
      const group = members.slice(cycle * DELETIONS_PER_CYCLE, (cycle + 1) * DELETIONS_PER_CYCLE);
      const sent = Date.now();
      let firstAnswered: () => void;
      const firstAnswer = new Promise<void>((resolve) => (firstAnswered = resolve));
      const deletions = group.map(async (member) => {
        const answer = await callServer(server.url, 'DELETE', '/v1/api/account', {
          token: member.accessToken,
          payload: { confirm: member.username, password: PASSWORD },
        });
        if (answer?.status === 200) acknowledged.add(member.id);
        firstAnswered();
      });
      // Each deletion checks a password (argon2), then rewrites its account's tests in its
      // transaction. A third of the cycles kill early (before or inside the first
      // transactions); the others once a deletion was answered, at a random point of as
      // long again, among the others' transactions, however fast the machine is.
      if (Math.random() < 1 / 3) {
        await sleep(Math.random() * 500);
      } else {
        await Promise.race([firstAnswer, sleep(30_000)]);
        await sleep(Math.random() * (Date.now() - sent));
      }
      await server.kill('SIGKILL');
      await Promise.all(deletions);
      figures.cycles += 1;
    }

    const last = await startServer(env);
    expect(await last.kill('SIGTERM')).toBe(0);

    database = await open();
    const states = [];
    for (const member of members) {
      const { state, parts } = await accountStateOf(database, member);
      states.push({ member: member.id, state, parts, acknowledged: acknowledged.has(member.id) });
    }
    expect(
      states.filter((account) => account.state === 'mixed'),
      'accounts neither whole nor wholly deleted',
    ).toEqual([]);
    expect(
      states.filter((account) => account.acknowledged && account.state !== 'deleted'),
      'deletions answered 200 and not done',
    ).toEqual([]);
    const [tests] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(speedtests)
      .where(isNull(speedtests.completedAt));
    expect(tests?.n, 'tests lost').toBe(members.length * TESTS_PER_ACCOUNT);
    await expectLedgerInvariant(database);
    await database.close();
    figures.acknowledged = acknowledged.size;
    figures.deleted = states.filter((account) => account.state === 'deleted').length;
    figures.whole = states.filter((account) => account.state === 'whole').length;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
