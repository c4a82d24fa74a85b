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
 * The referee's referral state, with the row locked until the transaction ends:
 * a verification and a test completion of the same referee are then judged one
 * after the other, each seeing what the other committed.
 */
export async function lockReferee(tx: Transaction, refereeId: number) {
  const [referee] = await tx
    .select({
      username: users.username,
      referrerId: users.referredByUserId,
      emailVerifiedAt: users.emailVerifiedAt,
      referralQualifiedAt: users.referralQualifiedAt,
    })
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

/** The referee's credited tests, counted up to the 15 that qualify. */
export async function countQualifyingTests(db: Queryable, refereeId: number): Promise<number> {
  const [row] = await db
    .select({ tests: creditedTestsUpToQualifying(sql`${users.id}`) })
    .from(users)
    .where(eq(users.id, refereeId));
  return row?.tests ?? 0;
}

/**
 * Marks the referral successful and counts it for the referrer. False when it
 * was marked already, so the caller pays the bonus only on a true.
 */
export async function markReferralQualified(
  tx: Transaction,
  referral: { refereeId: number; referrerId: number },
  at: Date,
): Promise<boolean> {
  const marked = await tx
    .update(users)
    .set({ referralQualifiedAt: at })
    .where(and(eq(users.id, referral.refereeId), isNull(users.referralQualifiedAt)))
    .returning({ id: users.id });
  if (marked.length === 0) return false;
  await tx
    .update(users)
    .set({ successfulReferrals: sql`${users.successfulReferrals} + 1` })
    .where(eq(users.id, referral.referrerId));
  return true;
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
