import { and, count, desc, eq, gt, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.ts';
import { speedtests, users } from '../../db/schema.ts';
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

/** One page of the user's completed tests, newest first, and how many there are. */
export async function completedSpeedtestsPage(
  db: Queryable,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: SpeedtestRow[]; total: number }> {
  const mine = and(eq(speedtests.userId, userId), isNotNull(speedtests.completedAt));
  const rows = await db
    .select()
    .from(speedtests)
    .where(mine)
    .orderBy(desc(speedtests.completedAt), desc(speedtests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db.select({ total: count() }).from(speedtests).where(mine);
  return { rows, total: totals?.total ?? 0 };
}
