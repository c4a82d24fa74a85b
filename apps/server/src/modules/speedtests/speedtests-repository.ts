/**
 * The speedtests table: opening a test, the ndt7 measurements, the reads of
 * the network statistics, and a group of completions (completion-group.ts):
 * its locks and the state read under them (one visit), then the tests' update
 * and the users' counters written with the group's credits, whose statements
 * are in speedtest-completion-statements.ts.
 */
import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { nodes } from '../../db/tables/nodes-tables.ts';
import { seasons } from '../../db/tables/seasons-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';
import {
  arrayLiteral,
  batchedPageRead,
  type ChunkOptions,
  keysetChunks,
  type PageKey,
} from '../../db/sql-kit.ts';
import type { Direction } from './speedtest-policy.ts';
import type { DirectionResult } from './ndt7/measurement.ts';
import type { GroupUserChanges } from '../ledger/index.ts';
import {
  completeTestsStatement,
  completionStatesStatement,
  completionValues,
  lockCompletionUsersStatement,
  lockTestAddressesStatement,
  stateKeyValues,
  type CompletionStateKey,
  type CompletionUser,
  type TestCompletion,
} from './speedtest-completion-statements.ts';

export type { CompletionStateKey, CompletionUser, TestCompletion };

export type SpeedtestRow = typeof speedtests.$inferSelect;

/**
 * The columns of the network statistics table (each mapped column costs time
 * per row): the test's own, and its node's name (nodes joined by NODE_OF_TEST).
 */
export const NETWORK_STAT_COLUMNS = {
  id: speedtests.id,
  openedAt: speedtests.openedAt,
  completedAt: speedtests.completedAt,
  isIpSlashing: speedtests.isIpSlashing,
  isLocationSlashing: speedtests.isLocationSlashing,
  ipAddress: speedtests.ipAddress,
  points: speedtests.points,
  additionalBoost: speedtests.additionalBoost,
  downloadBytes: speedtests.downloadBytes,
  downloadElapsedUs: speedtests.downloadElapsedUs,
  uploadBytes: speedtests.uploadBytes,
  uploadElapsedUs: speedtests.uploadElapsedUs,
  latencyMs: speedtests.latencyMs,
  nodeName: nodes.name,
};

/** A test's node, for its name: a left join, as a test may have none. */
export const NODE_OF_TEST = { table: nodes, on: eq(nodes.id, speedtests.nodeId) };

export type NetworkStatColumns = Pick<
  SpeedtestRow,
  Exclude<keyof typeof NETWORK_STAT_COLUMNS, 'nodeName'>
> & { nodeName: string | null };

/** The columns of one direction, so both are handled by the same code. */
const DIRECTION_COLUMNS = {
  download: {
    startedAt: 'downloadStartedAt',
    doneAt: 'downloadDoneAt',
    bytes: 'downloadBytes',
    elapsedUs: 'downloadElapsedUs',
  },
  upload: {
    startedAt: 'uploadStartedAt',
    doneAt: 'uploadDoneAt',
    bytes: 'uploadBytes',
    elapsedUs: 'uploadElapsedUs',
  },
} as const;

/**
 * Locks the user's row until the transaction ends, so one user's opens and
 * completions are judged one after another; answers their Elite Role boost.
 */
export async function lockSpeedtestUser(
  tx: Transaction,
  userId: number,
): Promise<{ additionalBoost: number | null }> {
  const [user] = await tx
    .select({ additionalBoost: users.additionalBoost })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

/** Tests of the user credited since `since` (the start of the UTC day for the daily limit). */
export async function countCreditedSince(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ credited: count() })
    .from(speedtests)
    .where(and(eq(speedtests.userId, userId), gte(speedtests.completedAt, since)));
  return row?.credited ?? 0;
}

export async function lastOpenedAt(db: Queryable, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: speedtests.openedAt })
    .from(speedtests)
    .where(eq(speedtests.userId, userId))
    .orderBy(desc(speedtests.openedAt))
    .limit(1);
  return row?.openedAt ?? null;
}

export async function insertSpeedtest(
  db: Queryable,
  test: {
    userId: number;
    ipAddress: string;
    openedAt: Date;
    expiresAt: Date;
    nodeId: string | null;
  },
): Promise<SpeedtestRow> {
  const [inserted] = await db.insert(speedtests).values(test).returning();
  if (!inserted) throw new Error('insert into speedtests returned no row');
  return inserted;
}

/**
 * Admits one socket for a direction: marks it started if it was not, the
 * ticket has not expired and the test is not completed. False when the ticket
 * was used already or came too late: a ticket works once.
 */
export async function startDirection(
  db: Queryable,
  testId: string,
  direction: Direction,
  now: Date,
): Promise<boolean> {
  const columns = DIRECTION_COLUMNS[direction];
  const started = await db
    .update(speedtests)
    .set({ [columns.startedAt]: now })
    .where(
      and(
        eq(speedtests.id, testId),
        isNull(speedtests[columns.startedAt]),
        gt(speedtests.expiresAt, now),
        isNull(speedtests.completedAt),
      ),
    )
    .returning({ id: speedtests.id });
  return started.length > 0;
}

/**
 * Writes what the server measured of a direction, once. The test's latency is
 * the least round trip of both directions (least() passes over a null).
 */
export async function recordDirection(
  db: Queryable,
  testId: string,
  direction: Direction,
  result: DirectionResult,
  doneAt: Date,
): Promise<void> {
  const columns = DIRECTION_COLUMNS[direction];
  await db
    .update(speedtests)
    .set({
      [columns.doneAt]: doneAt,
      [columns.bytes]: result.bytes,
      [columns.elapsedUs]: result.elapsedUs,
      ...(result.latencyMs !== null
        ? { latencyMs: sql`least(${speedtests.latencyMs}, ${result.latencyMs})` }
        : {}),
    })
    .where(and(eq(speedtests.id, testId), isNull(speedtests[columns.doneAt])));
}

/** What a group of completions judges, read under its locks. */
export interface LockedCompletionGroup {
  /** The members' users and their referrers, by id; an unknown id has none. */
  users: Map<number, CompletionUser>;
  /** Per member, in the group's order. */
  states: CompletionState[];
}

/**
 * A member's state as committed before the group: its test (undefined when it
 * is not the user's), the user's tests credited since the member's day start,
 * and whether another account completed a test from the test's address since
 * the member's `sharedIpSince`.
 */
export interface CompletionState {
  test: SpeedtestRow | undefined;
  creditedToday: number;
  ipShared: boolean;
}

/**
 * Takes a group's locks and reads what its rules judge, in one visit, three
 * statements in this order:
 * 1. the rows of the members' users and of their referrers, locked in ascending
 *    id order until the transaction ends, with their boost, referral state and
 *    counters (read with the lock, so current): the group then judges one
 *    user's completions one after another, and credits a referrer no one else
 *    is crediting at the same time;
 * 2. the addresses the tests were opened from (advisory locks, in a fixed
 *    order), after the users' rows: completions from one address judge its
 *    uniqueness one group at a time, so two accounts racing from one IP cannot
 *    both see it unused;
 * 3. each member's state, in a statement of its own: its snapshot is taken
 *    after both locks are held, so it sees every completion that held them.
 */
export async function lockCompletionGroup(
  tx: Transaction,
  members: CompletionStateKey[],
): Promise<LockedCompletionGroup> {
  const userIds = [...new Set(members.map((member) => member.userId))];
  const userRows = await lockCompletionUsersStatement(tx, { userIds: arrayLiteral(userIds) });
  const testIds = [...new Set(members.map((member) => member.testId))];
  await lockTestAddressesStatement(tx, { testIds: arrayLiteral(testIds) });
  const stateRows = await completionStatesStatement(tx, stateKeyValues(members));
  if (stateRows.length !== members.length) {
    throw new Error(`the completion states answered ${stateRows.length} of ${members.length}`);
  }
  return {
    users: new Map(userRows.map(({ id, ...user }) => [id, user])),
    states: stateRows.map((row) => ({
      test: row.test ?? undefined,
      creditedToday: row.creditedToday,
      ipShared: row.ipShared,
    })),
  };
}

/**
 * Completes the credited tests of a group (each only if it is not completed
 * yet: the locks make that certain) and answers the completed rows by id.
 */
export async function completeTests(
  tx: Transaction,
  tests: TestCompletion[],
): Promise<Map<string, SpeedtestRow>> {
  const rows = await completeTestsStatement(tx, completionValues(tests));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The credited users' rows after a group of completions, written with the
 * group's credits: the tests each has credited, when its referral turned
 * successful, and how many of its referrals are successful, as the group left
 * them (absolute values: the rows are locked).
 */
export function completionChanges(
  usersAfter: Map<number, CompletionUser>,
): GroupUserChanges<'creditedTests' | 'referralQualifiedAt' | 'successfulReferrals'> {
  const userOf = (userId: number) => {
    const user = usersAfter.get(userId);
    if (!user) throw new Error(`no locked user ${userId}`);
    return user;
  };
  return {
    creditedTests: { type: 'int', of: (userId) => userOf(userId).creditedTests },
    referralQualifiedAt: {
      type: 'timestamptz',
      of: (userId) => userOf(userId).referralQualifiedAt,
    },
    successfulReferrals: { type: 'int', of: (userId) => userOf(userId).successfulReferrals },
  };
}

/** The user's completed (so credited) tests: the rows of the network statistics table. */
const completedTestsOf = (userId: SQL | number) =>
  and(eq(speedtests.userId, userId), isNotNull(speedtests.completedAt));

/**
 * The pages of completed tests that concurrent requests ask for, one statement,
 * from the (user, completed_at, id) index alone. A user's total is
 * users.credited_tests (no count of a table that only grows).
 */
const completedPage = batchedPageRead({
  name: 'completed_tests_page',
  keyFields: {
    userId: { type: 'int', of: (key: PageKey & { userId: number }) => key.userId },
  },
  keyRow: { table: users, on: (given) => eq(users.id, given.userId) },
  keyValues: (given) => ({
    userId: given.userId,
    creditedTests: sql`coalesce(${users.creditedTests}, 0)`,
  }),
  total: (key) => key.creditedTests,
  list: {
    table: speedtests,
    id: speedtests.id,
    time: speedtests.completedAt,
    rowsOfKey: (key) => completedTestsOf(key.userId),
    leftJoins: [NODE_OF_TEST],
  },
  columns: NETWORK_STAT_COLUMNS,
});

/**
 * One page of the user's completed tests, newest first, and how many there are,
 * batched with the other requests in flight; a deep page costs what the first
 * one does (db/batched-page.ts).
 */
export function completedSpeedtestsPage(
  db: Queryable,
  userId: number,
  page: PageQuery,
): Promise<{ rows: NetworkStatColumns[]; total: number }> {
  return completedPage(db, {
    userId,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  });
}

/**
 * The user's credited test with what its receipt explains: its row, its node's
 * name, and the commission it paid the user's referrer (the ledger row keyed
 * `commission:<test>`, docs/ARCHITECTURE.md section 5), in one statement.
 * Undefined when it is not a credited test of the user.
 */
export async function creditedTestWithCommission(db: Queryable, userId: number, testId: string) {
  const [row] = await db
    .select({
      test: NETWORK_STAT_COLUMNS,
      commission: pointTransactions.pointsEarned,
    })
    .from(speedtests)
    .leftJoin(NODE_OF_TEST.table, NODE_OF_TEST.on)
    .leftJoin(
      pointTransactions,
      eq(pointTransactions.idempotencyKey, sql`'commission:' || ${speedtests.id}::text`),
    )
    .where(
      and(
        eq(speedtests.id, testId),
        eq(speedtests.userId, userId),
        isNotNull(speedtests.completedAt),
      ),
    )
    .limit(1);
  return row && { test: row.test as NetworkStatColumns, commission: row.commission };
}

/**
 * The user's tests credited in the current cycle (optionally one node's), the
 * newest `limit` of them, oldest first: the speed history.
 */
export async function creditedTestsThisCycle(
  db: Queryable,
  where: { userId: number; nodeId?: string },
  limit: number,
) {
  const cycleStart = db
    .select({ startedAt: seasons.startedAt })
    .from(seasons)
    .where(eq(seasons.isCurrent, true));
  const newest = await db
    .select({
      id: speedtests.id,
      completedAt: speedtests.completedAt,
      nodeId: speedtests.nodeId,
      downloadBytes: speedtests.downloadBytes,
      downloadElapsedUs: speedtests.downloadElapsedUs,
      uploadBytes: speedtests.uploadBytes,
      uploadElapsedUs: speedtests.uploadElapsedUs,
    })
    .from(speedtests)
    .where(
      and(
        eq(speedtests.userId, where.userId),
        gte(speedtests.completedAt, sql`(${cycleStart})`),
        where.nodeId !== undefined ? eq(speedtests.nodeId, where.nodeId) : undefined,
      ),
    )
    .orderBy(desc(speedtests.completedAt), desc(speedtests.id))
    .limit(limit);
  return newest.reverse();
}

export interface CompletedTestFilters {
  /** Inclusive lower bound on completed_at. */
  from?: Date;
  /** Exclusive upper bound on completed_at. */
  to?: Date;
  /** Only this node's tests. */
  nodeId?: string;
}

/**
 * The user's completed tests within the filters, newest first, a chunk at a
 * time (db/keyset-chunks.ts), for the CSV export: the rows and columns of the
 * network statistics table.
 */
export function completedTestsInChunks(
  db: Queryable,
  userId: number,
  filters: CompletedTestFilters,
  options: ChunkOptions,
) {
  return keysetChunks(
    db,
    {
      table: speedtests,
      time: speedtests.completedAt,
      id: speedtests.id,
      where: and(
        completedTestsOf(userId),
        filters.from ? gte(speedtests.completedAt, filters.from) : undefined,
        filters.to ? lt(speedtests.completedAt, filters.to) : undefined,
        filters.nodeId !== undefined ? eq(speedtests.nodeId, filters.nodeId) : undefined,
      ),
      leftJoins: [NODE_OF_TEST],
      columns: NETWORK_STAT_COLUMNS,
    },
    options,
  );
}

/**
 * An account's deletion (issue 29): its tests stay (the network's totals and the ledger's
 * `speedtest:<id>` keys name them) but no longer say where they ran: no coordinates, no H3
 * cell, no country, no node (the nodes are deleted with the account), and the address
 * replaced by `erasedAddress`.
 * The column holds an address for every test; the stand-in is one per account, so the fraud
 * signals, which count the accounts of each address, never see deleted accounts as sharing one.
 */
export async function eraseTestPlacesOfUser(
  tx: Transaction,
  userId: number,
  erasedAddress: string,
): Promise<void> {
  await tx
    .update(speedtests)
    .set({
      ipAddress: erasedAddress,
      latitude: null,
      longitude: null,
      locationCell: null,
      country: null,
      nodeId: null,
    })
    .where(eq(speedtests.userId, userId));
}
