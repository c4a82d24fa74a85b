/**
 * The Referral screen's reads and the referral milestone claim (spec sections 2
 * and 4). Every read is scoped to the signed-in referrer's own referees.
 */
import {
  claimableReferralMilestone,
  maskEmail,
  POINTS_MESSAGES,
  qualifyingTestsProgress,
  REFERRAL_MILESTONE_NAMES,
  REFERRAL_QUALIFYING_TESTS,
  REFERRAL_QUEST_POINTS,
  utcDayBounds,
  type ReferralCampaign,
  type ReferralStatusQuery,
  type ReferralStatusRow,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/http-error.ts';
import { creditPoints, type Credited } from '../ledger/index.ts';
import { referralLinksOf } from './referral-links.ts';
import {
  findReferralCode,
  lockReferralMilestoneState,
  referralCounts,
  refereesPage,
  referralMilestoneChanges,
} from './referrals-repository.ts';
import { inTransaction } from '../../db/transaction.ts';

type ReferralContext = Pick<FastifyInstance, 'db' | 'clock' | 'config'>;

/** The three stat cards and the referral links. */
export async function referralCampaign(
  context: ReferralContext,
  userId: number,
): Promise<ReferralCampaign> {
  const [referralCode, counts] = await Promise.all([
    findReferralCode(context.db, userId),
    referralCounts(context.db, userId),
  ]);
  if (referralCode === undefined) throw new Error(`no user ${userId}`);
  return {
    successfulReferrals: counts.successful,
    pendingReferrals: counts.pending,
    totalReferralBonus: counts.bonusPoints,
    ...referralLinksOf(context.config, referralCode),
  };
}

/** What a referee's row says of them, read from the referee's account. */
export interface RefereeFacts {
  id: number;
  username: string;
  email: string;
  registeredAt: Date;
  emailVerifiedAt: Date | null;
  referralQualifiedAt: Date | null;
  /** Credited tests (any count: the progress stops at the qualifying number). */
  creditedTests: number;
}

/**
 * A referee as the referrer may see them: the Referral Status table's row, and the person's
 * data export's (modules/account-data), so both mask alike. The address is masked
 * (j***@example.com): a referrer never learns a referee's address.
 */
export function toReferralStatusRow(referee: RefereeFacts): ReferralStatusRow {
  return {
    id: referee.id,
    username: referee.username,
    email: maskEmail(referee.email),
    register_on: referee.registeredAt.toISOString(),
    referral_status: referee.referralQualifiedAt ? 'success' : 'pending',
    tests_completed: qualifyingTestsProgress(referee.creditedTests),
    tests_required: REFERRAL_QUALIFYING_TESTS,
    email_verified: referee.emailVerifiedAt !== null,
  };
}

/** The Referral Status table: the referrer's referees by registration day, newest first. */
export async function referralStatusPage(
  context: ReferralContext,
  userId: number,
  query: ReferralStatusQuery,
): Promise<{ rows: ReferralStatusRow[]; total: number }> {
  const { rows, total } = await refereesPage(context.db, userId, utcDayBounds(query), query);
  return { total, rows: rows.map(toReferralStatusRow) };
}

/**
 * Pays the next referral milestone whose rule holds (spec section 4): reached by
 * successful_referrals, and the one before it is the last claimed. 409 when none.
 */
export async function claimReferralMilestone(
  context: ReferralContext,
  userId: number,
): Promise<Credited> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const state = await lockReferralMilestoneState(tx, userId);
    const milestone = claimableReferralMilestone(
      state.successfulReferrals,
      state.lastClaimedReferralMilestone,
    );
    if (milestone === null) throw conflict(POINTS_MESSAGES.noReferralMilestone);
    return creditPoints(
      tx,
      {
        userId,
        type: 'referral_quest',
        points: REFERRAL_QUEST_POINTS[milestone],
        details: `Referral Quest: ${REFERRAL_MILESTONE_NAMES[milestone]}`,
        idempotencyKey: `refq:${userId}:${milestone}`,
        at: now,
        duplicateMessage: POINTS_MESSAGES.noReferralMilestone,
      },
      referralMilestoneChanges(milestone),
    );
  });
}
