/**
 * The referral queries. A referee is a user whose referred_by_user_id names the
 * referrer; lists are served by users_referred_by_idx (referred_by_user_id,
 * created_at) and progress counts by speedtests_user_completed_idx.
 */
import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { REFERRAL_QUALIFYING_TESTS } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import type { UserChanges } from '../ledger/credit-points.ts';
import { pointTransactions, speedtests, users } from '../../db/schema.ts';

/**
 * The referee's columns the referral rules read: its credited tests are
 * users.credited_tests, kept by every completion in its transaction, so the
 * qualifying count is read with the locked row and needs no count of speedtests.
 */
export const REFEREE_COLUMNS = {
  username: users.username,
  referrerId: users.referredByUserId,
  emailVerifiedAt: users.emailVerifiedAt,
  referralQualifiedAt: users.referralQualifiedAt,
  creditedTests: users.creditedTests,
};

/**
 * The referee's referral state, with the row locked until the transaction ends:
 * a verification and a test completion of the same referee are then judged one
 * after the other, each seeing what the other committed.
 */
export async function lockReferee(tx: Transaction, refereeId: number) {
  const [referee] = await tx
    .select(REFEREE_COLUMNS)
    .from(users)
    .where(eq(users.id, refereeId))
    .for('update');
  if (!referee) throw new Error(`no user ${refereeId}`);
  return referee;
}

export type RefereeState = Awaited<ReturnType<typeof lockReferee>>;

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

/** The referrer's referees registered in [from, to), newest first, with their progress. */
export async function refereesPage(
  db: Queryable,
  referrerId: number,
  range: { from?: Date; to?: Date },
  page: { limit: number; offset: number },
) {
  const mine = and(
    eq(users.referredByUserId, referrerId),
    range.from ? gte(users.createdAt, range.from) : undefined,
    range.to ? lt(users.createdAt, range.to) : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      registeredAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      referralQualifiedAt: users.referralQualifiedAt,
      creditedTests: creditedTestsUpToQualifying(sql`${users.id}`),
    })
    .from(users)
    .where(mine)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db.select({ total: count() }).from(users).where(mine);
  return { rows, total: totals?.total ?? 0 };
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
