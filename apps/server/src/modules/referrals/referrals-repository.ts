/**
 * The referral queries. A referee is a user whose referred_by_user_id names the
 * referrer; lists are served by users_referred_by_idx (referred_by_user_id,
 * created_at) and progress counts by speedtests_user_completed_idx.
 */
import { and, count, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { REFERRAL_QUALIFYING_TESTS, type PageQuery } from '@netpulse/shared';
import {
  batchedPageRead,
  openTimeRange,
  timeRangeKeyFields,
  type KeyRefs,
  type PageKey,
  type SelectResultFields,
  type TimeRangeKey,
} from '../../db/sql-kit.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import type { UserChanges } from '../ledger/index.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';

/**
 * A referee's referral state, as the referral rules read it: a read model of the
 * users table that the referrals module owns, read both by this repository
 * and, with the referee's row locked, by a group of speed-test completions,
 * which reads its referrers' count of successful referrals (REFERRER_COLUMNS)
 * under their locks too. Its credited tests are users.credited_tests, kept by
 * every completion in its transaction, so the qualifying count is read with the
 * locked row and needs no count of speedtests. These are the referee's columns the
 * referral rules read.
 */
export const REFEREE_COLUMNS = {
  username: users.username,
  referrerId: users.referredByUserId,
  emailVerifiedAt: users.emailVerifiedAt,
  referralQualifiedAt: users.referralQualifiedAt,
  creditedTests: users.creditedTests,
};

export type RefereeState = SelectResultFields<typeof REFEREE_COLUMNS>;

/** The referrer's column a successful referral counts in. */
export const REFERRER_COLUMNS = {
  successfulReferrals: users.successfulReferrals,
};

export type ReferrerState = SelectResultFields<typeof REFERRER_COLUMNS>;

/** The user's referral code, which their referral links carry. */
export async function findReferralCode(db: Queryable, userId: number): Promise<string | undefined> {
  const [user] = await db
    .select({ referralCode: users.referralCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.referralCode;
}

/**
 * The referee's referral state, with the row locked until the transaction ends:
 * a verification and a test completion of the same referee are then judged one
 * after the other, each seeing what the other committed.
 */
export async function lockReferee(tx: Transaction, refereeId: number): Promise<RefereeState> {
  const [referee] = await tx
    .select(REFEREE_COLUMNS)
    .from(users)
    .where(eq(users.id, refereeId))
    .for('update');
  if (!referee) throw new Error(`no user ${refereeId}`);
  return referee;
}

/**
 * The SQL counting a user's credited tests, stopping at the 15 that qualify: the
 * progress never needs more, so a busy referee costs no more than a new one.
 */
function creditedTestsUpToQualifying(userId: SQL) {
  return sql<number>`(select count(*) from (select 1 from ${speedtests}
    where ${speedtests.userId} = ${userId} and ${speedtests.completedAt} is not null
    limit ${REFERRAL_QUALIFYING_TESTS}) as credited)`.mapWith(Number);
}

/**
 * Marks the referee's referral successful. False when it was marked already, so
 * the caller pays the bonus (and counts the referral for the referrer) only on a true.
 */
export async function markReferralQualified(
  tx: Transaction,
  refereeId: number,
  at: Date,
): Promise<boolean> {
  const marked = await tx
    .update(users)
    .set({ referralQualifiedAt: at })
    .where(and(eq(users.id, refereeId), isNull(users.referralQualifiedAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

/** The referrer's row after a referral turned successful, written with the bonus's credit. */
export function successfulReferralChanges(): UserChanges {
  return { successfulReferrals: sql`${users.successfulReferrals} + 1` };
}

/** The stat cards: successful and pending referees, and the bonus they paid. */
export async function referralCounts(db: Queryable, referrerId: number) {
  const [referees] = await db
    .select({
      successful: count(users.referralQualifiedAt),
      total: count(),
    })
    .from(users)
    .where(eq(users.referredByUserId, referrerId));
  const [bonus] = await db
    .select({ points: sql`coalesce(sum(${pointTransactions.pointsEarned}), 0)`.mapWith(Number) })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.userId, referrerId),
        eq(pointTransactions.transactionType, 'referral_bonus'),
      ),
    );
  const successful = referees?.successful ?? 0;
  return {
    successful,
    pending: (referees?.total ?? 0) - successful,
    bonusPoints: bonus?.points ?? 0,
  };
}

interface RefereesKey extends PageKey, TimeRangeKey {
  referrerId: number;
}

/** The referrer's referees registered in the key's range, from (referred_by_user_id, created_at). */
function inRefereesRange(key: KeyRefs<'referrerId' | 'fromTime' | 'toTime'>) {
  return and(
    eq(users.referredByUserId, key.referrerId),
    gte(users.createdAt, key.fromTime),
    lt(users.createdAt, key.toTime),
  );
}

/**
 * The referees pages in flight and how many referees each range holds, one
 * statement; absent bounds are open, so the index range applies.
 */
const refereesPageRead = batchedPageRead({
  name: 'referees_page',
  keyFields: {
    referrerId: { type: 'int', of: (key: RefereesKey) => key.referrerId },
    ...timeRangeKeyFields<RefereesKey>(),
  },
  keyValues: (given) => ({ referrerId: given.referrerId, ...openTimeRange(given) }),
  total: (key) => sql`(select count(*) from ${users} where ${inRefereesRange(key)})`,
  list: { table: users, id: users.id, time: users.createdAt, rowsOfKey: inRefereesRange },
  columns: {
    id: users.id,
    username: users.username,
    email: users.email,
    registeredAt: users.createdAt,
    emailVerifiedAt: users.emailVerifiedAt,
    referralQualifiedAt: users.referralQualifiedAt,
    creditedTests: creditedTestsUpToQualifying(sql`${users.id}`),
  },
});

/**
 * The referrer's referees registered in [from, to), newest first, with their
 * progress, and how many there are, batched with the requests in flight.
 */
export function refereesPage(
  db: Queryable,
  referrerId: number,
  range: { from?: Date; to?: Date },
  page: PageQuery,
) {
  return refereesPageRead(db, {
    referrerId,
    from: range.from ?? null,
    to: range.to ?? null,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  });
}

/** The referrer's referral milestone state, locked until the transaction ends. */
export async function lockReferralMilestoneState(tx: Transaction, userId: number) {
  const [state] = await tx
    .select({
      successfulReferrals: users.successfulReferrals,
      lastClaimedReferralMilestone: users.lastClaimedReferralMilestone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!state) throw new Error(`no user ${userId}`);
  return state;
}

/** The user's row after a paid referral milestone (each one is also a completed quest), written with its credit. */
export function referralMilestoneChanges(milestone: number): UserChanges {
  return {
    lastClaimedReferralMilestone: milestone,
    questCompleted: sql`${users.questCompleted} + 1`,
  };
}

/**
 * An account's deletion (issue 29): its referees keep their Bytes and lose the link to it,
 * so nothing more is paid to a deleted account, and its own link to its referrer goes, so
 * it pays its referrer nothing more (what was paid stays in the referrer's ledger).
 */
export async function forgetReferralLinksOf(tx: Transaction, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ referredByUserId: null })
    .where(or(eq(users.referredByUserId, userId), eq(users.id, userId)));
}
