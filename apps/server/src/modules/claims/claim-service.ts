/**
 * The daily claim and the streak milestones (docs/ARCHITECTURE.md section 5, spec
 * section 4). The daily claims in flight are written in groups
 * (daily-claim-group.ts, docs/decisions/020). A milestone is one transaction of
 * its own that locks the user's row. The ledger's idempotency key is the
 * backstop should two claims ever slip past the locks.
 */
import { claimableStreakMilestone, POINTS_MESSAGES, STREAK_BONUS_POINTS } from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/http-error.ts';
import { creditPoints, type Credited } from '../ledger/index.ts';
import {
  isDailyStreakQuestCounted,
  lockClaimState,
  markDailyStreakQuestCounted,
  streakMilestoneChanges,
} from './claims-repository.ts';
import { completesDailyStreakQuest } from './streak.ts';
import { inTransaction } from '../../db/transaction.ts';

type ClaimContext = Pick<FastifyInstance, 'db' | 'clock' | 'dailyClaims'>;

/**
 * 100 Bytes once per UTC day; extends or restarts the streak. The claim joins
 * the daily claims' write group (daily-claim-group.ts), made at start-up.
 */
export function claimDaily(context: ClaimContext, userId: number): Promise<Credited> {
  return context.dailyClaims.submit({ userId, at: context.clock.now() });
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
