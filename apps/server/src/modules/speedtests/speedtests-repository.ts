import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PageQuery } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { speedtests, users } from '../../db/schema.ts';
import { newestFirst, pageScan } from '../../lib/page-meta.ts';
import type { Direction } from './speedtest-policy.ts';
import type { DirectionResult } from './ndt7/measurement.ts';

export type SpeedtestRow = typeof speedtests.$inferSelect;

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

/**
 * One page of the user's completed tests, newest first, and how many there are.
 * The total is users.credited_tests (no count of a table that only grows); the
 * page's ids come from the (user, completed_at, id) index alone, read from the
 * nearer end (lib/page-meta.ts), so a deep page costs what the first one does.
 */
export async function completedSpeedtestsPage(
  db: Queryable,
  userId: number,
  page: PageQuery,
): Promise<{ rows: SpeedtestRow[]; total: number }> {
  const [user] = await db
    .select({ total: users.creditedTests })
    .from(users)
    .where(eq(users.id, userId));
  const total = user?.total ?? 0;
  const scan = pageScan(page, total);
  if (scan.limit === 0) return { rows: [], total };
  const direction = scan.fromOldest ? asc : desc;
  const order = [direction(speedtests.completedAt), direction(speedtests.id)];
  const pageIds = db
    .select({ id: speedtests.id })
    .from(speedtests)
    .where(and(eq(speedtests.userId, userId), isNotNull(speedtests.completedAt)))
    .orderBy(...order)
    .limit(scan.limit)
    .offset(scan.offset)
    .as('page_ids');
  const rows = await db
    .select({ test: speedtests })
    .from(pageIds)
    .innerJoin(speedtests, eq(speedtests.id, pageIds.id))
    .orderBy(...order);
  return {
    rows: newestFirst(
      scan,
      rows.map((row) => row.test),
    ),
    total,
  };
}
