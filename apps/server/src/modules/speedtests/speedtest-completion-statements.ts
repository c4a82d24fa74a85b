/**
 * The two long statements of a speed-test completion (decision 007): the locks
 * and reads that open it, and the conditional update that judges and completes
 * the test. Built once and run by name (db/prepared-statement.ts); the rules
 * around them live in speedtest-service.ts, through the repository.
 */
import {
  and,
  count,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  ne,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { speedtests, users } from '../../db/schema.ts';
import { REFEREE_COLUMNS, type RefereeState } from '../referrals/referee-state.ts';

type SpeedtestRow = typeof speedtests.$inferSelect;

/**
 * Locks the user's row, then the address the test was opened from, and reads the
 * user's boost and referral state and the test (null when it is not the user's).
 */
export const lockUserAndTestStatement = preparedStatement<
  { userId: number; testId: string },
  LockedRow[]
>('lock_user_and_test', (db) => {
  // A subquery with FOR UPDATE runs (and waits for the row) before the outer
  // select projects its columns, so the user's row is always locked before the
  // address, in every completion: no two of them wait on each other in a circle.
  const lockedUser = db
    .select({ id: users.id, additionalBoost: users.additionalBoost, ...REFEREE_COLUMNS })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .as('locked_user');
  return db
    .select({
      user: {
        additionalBoost: lockedUser.additionalBoost,
        username: lockedUser.username,
        referrerId: lockedUser.referrerId,
        emailVerifiedAt: lockedUser.emailVerifiedAt,
        referralQualifiedAt: lockedUser.referralQualifiedAt,
        creditedTests: lockedUser.creditedTests,
      },
      test: speedtests,
      addressLocked: sql`pg_advisory_xact_lock(hashtext(${IP_LOCK_PREFIX} || ${speedtests.ipAddress}))`,
    })
    .from(lockedUser)
    .leftJoin(
      speedtests,
      and(eq(speedtests.id, sql.placeholder('testId')), eq(speedtests.userId, lockedUser.id)),
    );
});

/** A row of lockUserAndTestStatement. */
export interface LockedRow {
  user: RefereeState & { additionalBoost: number | null };
  test: SpeedtestRow | null;
}

/** The advisory lock of an address is hashtext(IP_LOCK_PREFIX || address). */
const IP_LOCK_PREFIX = 'speedtest-ip:';

/** A row of completeTestStatement. */
export interface CompletedRow {
  completion_check: { creditedToday: number; alreadyCompleted: boolean };
  completed: SpeedtestRow | null;
}

/** completeTestStatement's values; times as ISO strings, as every placeholder is passed to the driver unconverted. */
export interface CompleteTestValues extends Record<string, unknown> {
  testId: string;
  ipAddress: string;
  userId: number;
  dayStart: string;
  dailyLimit: number;
  sharedIpSince: string;
  pointsIfUniqueIp: number;
  pointsIfSharedIp: number;
  completedAt: string;
  latitude: number | null;
  longitude: number | null;
  isLocationSlashing: boolean;
  additionalBoost: number | null;
}

/** A placeholder of completeTestStatement, as plain SQL so that null values pass unconverted too. */
const completeTestValue = (name: keyof CompleteTestValues & string) =>
  sql`${sql.placeholder(name)}`;

/**
 * Counts the user's tests credited today and judges the address (unique or
 * shared, by another account's completion in the window), and completes the
 * test with its flag and points unless it is completed already or the user is
 * at the daily limit; answers the checks and the completed test, if any.
 */
export const completeTestStatement = preparedStatement<CompleteTestValues, CompletedRow[]>(
  'complete_test',
  (db) => {
    // Both reads in one row: today's count over the user's tests, and (of any
    // account but this one) the address's completions in the window.
    const others = alias(speedtests, 'others');
    const thisTest = alias(speedtests, 'this_test');
    const check = db.$with('completion_check').as(
      db
        .select({
          creditedToday: count().as('credited_today'),
          // A concurrent duplicate reaches here (lockUserAndTest read the test
          // before the lock was granted): it must answer 409, even at the limit.
          alreadyCompleted: exists(
            db
              .select({ id: thisTest.id })
              .from(thisTest)
              .where(
                and(eq(thisTest.id, completeTestValue('testId')), isNotNull(thisTest.completedAt)),
              ),
          )
            .mapWith(Boolean)
            .as('already_completed'),
          ipShared: exists(
            db
              .select({ id: others.id })
              .from(others)
              .where(
                and(
                  eq(others.ipAddress, completeTestValue('ipAddress')),
                  gt(others.completedAt, completeTestValue('sharedIpSince')),
                  ne(others.userId, completeTestValue('userId')),
                ),
              ),
          ).as('ip_shared'),
        })
        .from(speedtests)
        .where(
          and(
            eq(speedtests.userId, completeTestValue('userId')),
            gte(speedtests.completedAt, completeTestValue('dayStart')),
          ),
        ),
    );
    const completed = db.$with('completed').as(
      db
        .update(speedtests)
        .set({
          completedAt: completeTestValue('completedAt'),
          latitude: completeTestValue('latitude'),
          longitude: completeTestValue('longitude'),
          isLocationSlashing: completeTestValue('isLocationSlashing'),
          additionalBoost: completeTestValue('additionalBoost'),
          isIpSlashing: sql`${check.ipShared}`,
          points: sql`case when ${check.ipShared} then ${completeTestValue('pointsIfSharedIp')}::int else ${completeTestValue('pointsIfUniqueIp')}::int end`,
        })
        .from(check)
        .where(
          and(
            eq(speedtests.id, completeTestValue('testId')),
            isNull(speedtests.completedAt),
            lt(check.creditedToday, completeTestValue('dailyLimit')),
          ),
        )
        .returning(getTableColumns(speedtests)),
    );
    return db
      .with(check, completed)
      .select()
      .from(check)
      .leftJoin(completed, sql`true`);
  },
);
