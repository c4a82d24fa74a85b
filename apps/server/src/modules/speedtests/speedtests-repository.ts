import { and, count, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { PageQuery } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { speedtests, users } from '../../db/schema.ts';
import { pageScan } from '../../lib/page-meta.ts';
import { findPageCounters } from '../auth/users-repository.ts';
import {
  arrayLiteral,
  BatchedRead,
  groupByOrdinal,
  pageOrdinal,
  perHandle,
} from '../../db/batched-read.ts';
import type { Direction } from './speedtest-policy.ts';
import type { DirectionResult } from './ndt7/measurement.ts';

export type SpeedtestRow = typeof speedtests.$inferSelect;

/** The columns of the network statistics table (each mapped column costs time per row). */
const NETWORK_STAT_COLUMNS = {
  id: speedtests.id,
  openedAt: speedtests.openedAt,
  completedAt: speedtests.completedAt,
  isIpSlashing: speedtests.isIpSlashing,
  isLocationSlashing: speedtests.isLocationSlashing,
  ipAddress: speedtests.ipAddress,
  points: speedtests.points,
  additionalBoost: speedtests.additionalBoost,
};

export type NetworkStatColumns = Pick<SpeedtestRow, keyof typeof NETWORK_STAT_COLUMNS>;

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
  test: { userId: number; ipAddress: string; openedAt: Date; expiresAt: Date },
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

/** Writes what the server measured of a direction, once. */
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
      ...(result.latencyMs !== null ? { latencyMs: result.latencyMs } : {}),
    })
    .where(and(eq(speedtests.id, testId), isNull(speedtests[columns.doneAt])));
}

export async function findSpeedtest(
  db: Queryable,
  testId: string,
): Promise<SpeedtestRow | undefined> {
  const [row] = await db.select().from(speedtests).where(eq(speedtests.id, testId)).limit(1);
  return row;
}

/** Whether another account completed a test from this address after `since`. */
export async function isIpUsedByOthersSince(
  db: Queryable,
  ipAddress: string,
  userId: number,
  since: Date,
): Promise<boolean> {
  const found = await db
    .select({ id: speedtests.id })
    .from(speedtests)
    .where(
      and(
        eq(speedtests.ipAddress, ipAddress),
        gt(speedtests.completedAt, since),
        ne(speedtests.userId, userId),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * Holds a transaction-scoped lock on the address: completions from one address
 * then judge its uniqueness one at a time, so two accounts racing from one IP
 * cannot both see it unused.
 */
export async function lockIpAddress(tx: Transaction, ipAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`speedtest-ip:${ipAddress}`}))`);
}

export interface Completion {
  completedAt: Date;
  latitude: number | null;
  longitude: number | null;
  isIpSlashing: boolean;
  isLocationSlashing: boolean;
  additionalBoost: number | null;
  points: number;
}

/** Completes the test unless it already is; undefined when another request completed it first. */
export async function markCompleted(
  db: Queryable,
  testId: string,
  completion: Completion,
): Promise<SpeedtestRow | undefined> {
  const [row] = await db
    .update(speedtests)
    .set(completion)
    .where(and(eq(speedtests.id, testId), isNull(speedtests.completedAt)))
    .returning();
  return row;
}

/** Counts a credited test in users.credited_tests (the user's row is locked already). */
export async function countCreditedTest(tx: Transaction, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ creditedTests: sql`${users.creditedTests} + 1` })
    .where(eq(users.id, userId));
}

interface PageKey {
  userId: number;
  limit: number;
  offset: number;
}

/**
 * The pages of completed tests that concurrent requests ask for, one statement:
 * for each key, its page's ids from the (user, completed_at, id) index alone
 * (a lateral subquery, read newest or oldest first), then only those rows.
 * Answers each key's rows newest first.
 */
async function readCompletedPages(
  db: Queryable,
  keys: PageKey[],
  fromOldest: boolean,
): Promise<NetworkStatColumns[][]> {
  const direction = fromOldest ? sql`asc` : sql`desc`;
  const pageIds = sql`(select k.ord, p.id from unnest(
      ${arrayLiteral(keys.map((key) => key.userId))}::int[],
      ${arrayLiteral(keys.map((key) => key.limit))}::int[],
      ${arrayLiteral(keys.map((key) => key.offset))}::int[]
    ) with ordinality as k(user_id, lim, off, ord)
    cross join lateral (select ${speedtests.id} as id from ${speedtests}
      where ${speedtests.userId} = k.user_id and ${speedtests.completedAt} is not null
      order by ${speedtests.completedAt} ${direction}, ${speedtests.id} ${direction}
      limit k.lim offset k.off) as p) as page`;
  const rows = await db
    .select({ ord: pageOrdinal, test: NETWORK_STAT_COLUMNS })
    .from(speedtests)
    .innerJoin(pageIds, sql`page.id = ${speedtests.id}`)
    .orderBy(pageOrdinal, desc(speedtests.completedAt), desc(speedtests.id));
  return groupByOrdinal(keys, rows).map((group) => group.map((row) => row.test));
}

const completedPages = perHandle((db: Queryable) => ({
  newestFirst: new BatchedRead<PageKey, NetworkStatColumns[]>((keys) =>
    readCompletedPages(db, keys, false),
  ),
  oldestFirst: new BatchedRead<PageKey, NetworkStatColumns[]>((keys) =>
    readCompletedPages(db, keys, true),
  ),
}));

/**
 * One page of the user's completed tests, newest first, and how many there are.
 * The total is users.credited_tests (no count of a table that only grows); the
 * page is read from the nearer end of the user's rows (lib/page-meta.ts), so a
 * deep page costs what the first one does. Both reads are batched with the
 * other requests in flight.
 */
export async function completedSpeedtestsPage(
  db: Queryable,
  userId: number,
  page: PageQuery,
): Promise<{ rows: NetworkStatColumns[]; total: number }> {
  const total = (await findPageCounters(db, userId)).creditedTests;
  const scan = pageScan(page, total);
  if (scan.limit === 0) return { rows: [], total };
  const pages = completedPages(db);
  const reader = scan.fromOldest ? pages.oldestFirst : pages.newestFirst;
  const rows = await reader.load({ userId, limit: scan.limit, offset: scan.offset });
  return { rows, total };
}
