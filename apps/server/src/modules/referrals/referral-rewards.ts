/**
 * What a referee's progress pays the referrer (docs/ARCHITECTURE.md section 5): the
 * 200-Bytes bonus once, when the referral turns successful (verified email and
 * 15 credited tests, in either order), and from then on a 10 % commission on
 * each credited test. The verification pays the bonus in its own transaction,
 * after it locked the referee's row (settleReferral); a group of speed-test
 * completions asks referrerRewardForTest what each credited test pays and
 * credits it with the group, under the locks of the referee's and the
 * referrer's rows. Either way the two events see each other and the bonus is
 * decided exactly once.
 */
import {
  isReferralQualified,
  REFERRAL_BONUS_POINTS,
  REFERRAL_MILESTONES,
  REFERRAL_QUEST_POINTS,
  referralCommission,
  type ReferralMilestone,
} from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { creditPoints, type Credit } from '../ledger/index.ts';
import { notify, type NewNotice } from '../notifications/index.ts';
import type { RefereeState } from './referrals-repository.ts';
import {
  lockReferee,
  markReferralQualified,
  successfulReferralChanges,
} from './referrals-repository.ts';

const REFERRAL_MESSAGES = {
  bonusPaid: 'This referral bonus was paid already',
  commissionPaid: 'The commission on this test was paid already',
} as const;

/** The referrer's bonus for the referee's successful referral, keyed once per referee. */
function referralBonus(
  refereeId: number,
  referee: RefereeState,
  referrerId: number,
  at: Date,
): Credit {
  return {
    userId: referrerId,
    type: 'referral_bonus',
    points: REFERRAL_BONUS_POINTS,
    details: `Referral bonus: ${referee.username}`,
    idempotencyKey: `refbonus:${refereeId}`,
    at,
    duplicateMessage: REFERRAL_MESSAGES.bonusPaid,
  };
}

async function qualifyIfDue(
  tx: Transaction,
  refereeId: number,
  referee: RefereeState & { referrerId: number },
  at: Date,
): Promise<void> {
  if (!isReferralQualified(referee.emailVerifiedAt !== null, referee.creditedTests)) return;
  const marked = await markReferralQualified(tx, refereeId, at);
  if (!marked) return;
  const bonus = referralBonus(refereeId, referee, referee.referrerId, at);
  await creditPoints(tx, bonus, successfulReferralChanges());
  await notify(tx, referralQualifiedNotices(refereeId, referee.username, bonus, null), at);
}

/**
 * What a referral that qualified tells its referrer: the bonus paid, and the milestone
 * its successful referrals (`successfulReferrals`, counting this one, when the caller
 * holds it) just reached, if one. Each once: a referee qualifies once, a referrer reaches a
 * count once.
 */
export function referralQualifiedNotices(
  refereeId: number,
  refereeName: string,
  bonus: { userId: number; points: number },
  successfulReferrals: number | null,
): NewNotice[] {
  const notices: NewNotice[] = [
    {
      userId: bonus.userId,
      type: 'referral_qualified',
      params: { referee: refereeName, bonus: bonus.points },
      link: '/referral',
      dedupeKey: `referral_qualified:${refereeId}`,
    },
  ];
  if (successfulReferrals !== null && isReferralMilestone(successfulReferrals)) {
    notices.push({
      userId: bonus.userId,
      type: 'referral_milestone',
      params: {
        referrals: successfulReferrals,
        reward: REFERRAL_QUEST_POINTS[successfulReferrals],
      },
      link: '/referral',
      dedupeKey: `referral_milestone:${bonus.userId}:${successfulReferrals}`,
    });
  }
  return notices;
}

const isReferralMilestone = (count: number): count is ReferralMilestone =>
  (REFERRAL_MILESTONES as readonly number[]).includes(count);

/**
 * After the referee's email was verified: pays the bonus when this completes the
 * referral (the 15 tests came first).
 */
export async function settleReferral(tx: Transaction, refereeId: number, at: Date): Promise<void> {
  const referee = await lockReferee(tx, refereeId);
  if (referee.referrerId === null || referee.referralQualifiedAt !== null) return;
  await qualifyIfDue(tx, refereeId, { ...referee, referrerId: referee.referrerId }, at);
}

/** What one credited test of a referee pays the referrer. */
export interface ReferrerReward {
  credit: Credit;
  /**
   * The test completes the referral: the caller marks the referee's referral
   * successful (referral_qualified_at) and counts one more successful referral
   * for the referrer (successful_referrals), with the credit.
   */
  qualifies: boolean;
}

/**
 * What one of the referee's credited tests pays the referrer: the commission
 * when the referral was already successful, else the bonus when this test
 * completes it (the qualifying test itself pays the bonus, not a commission);
 * null when nothing. `referee` is the referee's state read with the row locked
 * (REFEREE_COLUMNS), its creditedTests counting this test.
 */
export function referrerRewardForTest(
  referee: RefereeState,
  test: { refereeId: number; testId: string; points: number },
  at: Date,
): ReferrerReward | null {
  if (referee.referrerId === null) return null;
  if (referee.referralQualifiedAt === null) {
    if (!isReferralQualified(referee.emailVerifiedAt !== null, referee.creditedTests)) return null;
    return {
      credit: referralBonus(test.refereeId, referee, referee.referrerId, at),
      qualifies: true,
    };
  }
  const commission = referralCommission(test.points);
  if (commission === 0) return null;
  return {
    credit: {
      userId: referee.referrerId,
      type: 'referral_commission',
      points: commission,
      details: `Referral commission: ${referee.username}`,
      idempotencyKey: `commission:${test.testId}`,
      at,
      duplicateMessage: REFERRAL_MESSAGES.commissionPaid,
    },
    qualifies: false,
  };
}
