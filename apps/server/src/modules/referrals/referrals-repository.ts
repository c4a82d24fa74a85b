/**
 * The referral queries. A referee is a user whose referred_by_user_id names the
 * referrer; lists are served by users_referred_by_idx (referred_by_user_id,
 * created_at) and progress counts by speedtests_user_completed_idx.
 */
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { REFERRAL_QUALIFYING_TESTS } from '@netpulse/shared';
import {
  arrayLiteral,
  BatchedRead,
  countsByOrdinal,
  groupByOrdinal,
  lateralPageIds,
  pageOrdinal,
  perHandle,
} from '../../db/batched-read.ts';
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

interface RefereesKey {
  referrerId: number;
  from: Date | null;
  to: Date | null;
  limit: number;
  offset: number;
}

/**
 * The keys as `k(referrer_id, from_time, to_time, lim, off, ord)`; absent
 * bounds are open, so the (referred_by_user_id, created_at) index range applies.
 */
function refereesKeys(keys: RefereesKey[]): SQL {
  return sql`(select u.referrer_id, coalesce(u.from_time, '-infinity') as from_time,
      coalesce(u.to_time, 'infinity') as to_time, u.lim, u.off, u.ord
    from unnest(
      ${arrayLiteral(keys.map((key) => key.referrerId))}::int[],
      ${arrayLiteral(keys.map((key) => key.from))}::timestamptz[],
      ${arrayLiteral(keys.map((key) => key.to))}::timestamptz[],
      ${arrayLiteral(keys.map((key) => key.limit))}::int[],
      ${arrayLiteral(keys.map((key) => key.offset))}::int[]
    ) with ordinality as u(referrer_id, from_time, to_time, lim, off, ord)) as k`;
}

const inRefereesRange = sql`${users.referredByUserId} = k.referrer_id
  and ${users.createdAt} >= k.from_time and ${users.createdAt} < k.to_time`;

const REFEREES_PAGE_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  registeredAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  referralQualifiedAt: users.referralQualifiedAt,
  creditedTests: creditedTestsUpToQualifying(sql`${users.id}`),
};

/** The referees pages in flight, one statement; each key's rows newest first. */
async function readRefereesPages(db: Queryable, keys: RefereesKey[]) {
  const pageIds = lateralPageIds(
    refereesKeys(keys),
    sql`select ${users.id} as id from ${users} where ${inRefereesRange}
      order by ${users.createdAt} desc, ${users.id} desc limit k.lim offset k.off`,
  );
  const rows = await db
    .select({ ord: pageOrdinal, referee: REFEREES_PAGE_COLUMNS })
    .from(users)
    .innerJoin(pageIds, sql`page.id = ${users.id}`)
    .orderBy(pageOrdinal, desc(users.createdAt), desc(users.id));
  return groupByOrdinal(keys, rows).map((group) => group.map((row) => row.referee));
}

/** How many referees each key's range holds, one statement. */
async function countReferees(db: Queryable, keys: RefereesKey[]): Promise<number[]> {
  const result = await db.execute(sql`
    select k.ord, c.total from ${refereesKeys(keys)}
    cross join lateral (select count(*) as total from ${users} where ${inRefereesRange}) as c`);
  return countsByOrdinal(keys, result);
}

const refereesBatches = perHandle((db: Queryable) => ({
  pages: new BatchedRead((keys: RefereesKey[]) => readRefereesPages(db, keys)),
  counts: new BatchedRead((keys: RefereesKey[]) => countReferees(db, keys)),
}));

/**
 * The referrer's referees registered in [from, to), newest first, with their
 * progress, and how many there are: both batched with the requests in flight.
 */
export async function refereesPage(
  db: Queryable,
  referrerId: number,
  range: { from?: Date; to?: Date },
  page: { limit: number; offset: number },
) {
  const key: RefereesKey = {
    referrerId,
    from: range.from ?? null,
    to: range.to ?? null,
    ...page,
  };
  const batches = refereesBatches(db);
  const [rows, total] = await Promise.all([batches.pages.load(key), batches.counts.load(key)]);
  return { rows, total };
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
