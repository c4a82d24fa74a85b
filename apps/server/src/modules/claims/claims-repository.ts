import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserChanges } from '../ledger/credit-points.ts';
import {
  changeQuestProgress,
  DAILY_STREAK_QUEST,
  ONE_MORE_QUEST_COMPLETED,
  questProgressOf,
} from '../quest-progress/quest-progress.ts';
import type { StreakAfterClaim, StreakState } from './streak.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';

/**
 * The user's claim state, with the row locked until the transaction ends: a
 * user's claims then run one after another, each seeing the one before.
 */
export async function lockClaimState(tx: Transaction, userId: number) {
  const [state] = await lockClaimStateStatement(tx, { userId });
  if (!state) throw new Error(`no user ${userId}`);
  return state;
}

const lockClaimStateStatement = preparedStatement<{ userId: number }, StreakState[]>(
  'lock_claim_state',
  (db) =>
    db
      .select({
        dailyStreaks: users.dailyStreaks,
        lastClaimedAt: users.lastClaimedAt,
        lastClaimedStreakMilestone: users.lastClaimedStreakMilestone,
        streakRun: users.streakRun,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .for('update'),
);

/** The user's row after a daily claim at `claimedAt`: written with the claim's credit. */
export function dailyClaimChanges(streak: StreakAfterClaim, claimedAt: Date): UserChanges {
  return { ...streak, lastClaimedAt: claimedAt };
}

/**
 * The user's row after a paid streak milestone, written with its credit;
 * `completesQuest` also counts the Daily Streak quest.
 */
export function streakMilestoneChanges(milestone: number, completesQuest: boolean): UserChanges {
  return {
    lastClaimedStreakMilestone: milestone,
    ...(completesQuest ? ONE_MORE_QUEST_COMPLETED : {}),
  };
}

/** Whether the Daily Streak quest was counted already (read only at a 28-day milestone). */
export async function isDailyStreakQuestCounted(tx: Transaction, userId: number): Promise<boolean> {
  return (await questProgressOf(tx, userId, DAILY_STREAK_QUEST)).claimed;
}

/** Marks the Daily Streak quest reached and counted, in the milestone's transaction. */
export function markDailyStreakQuestCounted(tx: Transaction, userId: number): Promise<void> {
  return changeQuestProgress(tx, userId, DAILY_STREAK_QUEST, { done: true, claimed: true });
}
