/**
 * The daily claim and the streak milestones (ARCHITECTURE.md section 5, spec
 * section 4). Each claim is one transaction that locks the user's row, decides
 * with the shared rules, and credits through the ledger, which saves the new
 * state in the same statement;
 * the ledger's idempotency key is the backstop should two claims ever slip past
 * the lock.
 */
import {
  claimableStreakMilestone,
  DAILY_CLAIM_POINTS,
  dailyClaimState,
  POINTS_MESSAGES,
  STREAK_BONUS_POINTS,
  utcDayKey,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/http-error.ts';
import { creditPoints, type Credited } from '../ledger/credit-points.ts';
import {
  dailyClaimChanges,
  isDailyStreakQuestCounted,
  lockClaimState,
  markDailyStreakQuestCounted,
  streakMilestoneChanges,
} from './claims-repository.ts';
import { completesDailyStreakQuest, streakAfterClaim } from './streak.ts';
import { inTransaction } from '../../db/transaction.ts';

type ClaimContext = Pick<FastifyInstance, 'db' | 'clock'>;

/** 100 Bytes once per UTC day; extends or restarts the streak. */
export async function claimDaily(context: ClaimContext, userId: number): Promise<Credited> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const state = await lockClaimState(tx, userId);
    const unlock = dailyClaimState(
      {
        last_claimed_at: state.lastClaimedAt?.toISOString() ?? null,
        daily_streaks: state.dailyStreaks,
      },
      now,
    );
    if (!unlock.unlocked) throw conflict(POINTS_MESSAGES.alreadyClaimedToday);
    return creditPoints(
      tx,
      {
        userId,
        type: 'daily_claim',
        points: DAILY_CLAIM_POINTS,
        details: 'Daily Claim',
        idempotencyKey: `daily:${userId}:${utcDayKey(now)}`,
        at: now,
        duplicateMessage: POINTS_MESSAGES.alreadyClaimedToday,
      },
      dailyClaimChanges(streakAfterClaim(state, now), now),
    );
  });
}

/** Pays the streak milestone that is claimable now (7, 14, 21 or 28 days), once per run. */
export async function claimStreakMilestone(
  context: ClaimContext,
  userId: number,
): Promise<Credited> {
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const state = await lockClaimState(tx, userId);
    const milestone = claimableStreakMilestone(
      state.dailyStreaks,
      state.lastClaimedStreakMilestone,
    );
    if (milestone === null) throw conflict(POINTS_MESSAGES.noStreakMilestone);
    const completesQuest =
      completesDailyStreakQuest(milestone) && !(await isDailyStreakQuestCounted(tx, userId));
    const credited = await creditPoints(
      tx,
      {
        userId,
        type: 'streak_bonus',
        points: STREAK_BONUS_POINTS[milestone],
        details: `Daily Streak: ${milestone} days`,
        idempotencyKey: `streak:${userId}:${state.streakRun}:${milestone}`,
        at: now,
        duplicateMessage: POINTS_MESSAGES.noStreakMilestone,
      },
      streakMilestoneChanges(milestone, completesQuest),
    );
    if (completesQuest) await markDailyStreakQuestCounted(tx, userId);
    return credited;
  });
}
