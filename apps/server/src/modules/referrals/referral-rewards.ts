/**
 * What a referee's progress pays the referrer (ARCHITECTURE.md section 5): the
 * 200-Bytes bonus once, when the referral turns successful (verified email and
 * 15 credited tests, in either order), and from then on a 10 % commission on
 * each credited test. Both run inside the transaction that changed the referee
 * (the verification or the test), after it locked the referee's row, so the two
 * events see each other and the bonus is decided exactly once.
 */
import { isReferralQualified, REFERRAL_BONUS_POINTS, referralCommission } from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { creditPoints } from '../ledger/credit-points.ts';
import type { RefereeState } from './referee-state.ts';
import {
  lockReferee,
  markReferralQualified,
  successfulReferralChanges,
} from './referrals-repository.ts';

const REFERRAL_MESSAGES = {
  bonusPaid: 'This referral bonus was paid already',
  commissionPaid: 'The commission on this test was paid already',
} as const;

async function qualifyIfDue(
  tx: Transaction,
  refereeId: number,
  referee: RefereeState & { referrerId: number },
  at: Date,
): Promise<void> {
  if (!isReferralQualified(referee.emailVerifiedAt !== null, referee.creditedTests)) return;
  const marked = await markReferralQualified(tx, refereeId, at);
  if (!marked) return;
  await creditPoints(
    tx,
    {
      userId: referee.referrerId,
      type: 'referral_bonus',
      points: REFERRAL_BONUS_POINTS,
      details: `Referral bonus: ${referee.username}`,
      idempotencyKey: `refbonus:${refereeId}`,
      at,
      duplicateMessage: REFERRAL_MESSAGES.bonusPaid,
    },
    successfulReferralChanges(),
  );
}

/**
 * After the referee's email was verified: pays the bonus when this completes the
 * referral (the 15 tests came first).
 */
export async function settleReferral(tx: Transaction, refereeId: number, at: Date): Promise<void> {
  const referee = await lockReferee(tx, refereeId);
  if (referee.referrerId === null || referee.referralQualifiedAt !== null) return;
  await qualifyIfDue(tx, refereeId, { ...referee, referrerId: referee.referrerId }, at);
}

/**
 * After one of the referee's tests was credited (in the same transaction): the
 * commission when the referral was already successful, else the bonus when this
 * test completes it. The qualifying test itself pays the bonus, not a commission.
 * `referee` is the referee's state read by the caller with the row locked
 * (REFEREE_COLUMNS), its creditedTests counting this test.
 */
export async function rewardReferrerForTest(
  tx: Transaction,
  referee: RefereeState,
  test: { refereeId: number; testId: string; points: number },
  at: Date,
): Promise<void> {
  if (referee.referrerId === null) return;
  if (referee.referralQualifiedAt === null) {
    await qualifyIfDue(tx, test.refereeId, { ...referee, referrerId: referee.referrerId }, at);
    return;
  }
  const commission = referralCommission(test.points);
  if (commission === 0) return;
  await creditPoints(tx, {
    userId: referee.referrerId,
    type: 'referral_commission',
    points: commission,
    details: `Referral commission: ${referee.username}`,
    idempotencyKey: `commission:${test.testId}`,
    at,
    duplicateMessage: REFERRAL_MESSAGES.commissionPaid,
  });
}
