import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { StreakAfterClaim } from './streak.ts';

/**
 * The user's claim state, with the row locked until the transaction ends: a
 * user's claims then run one after another, each seeing the one before.
 */
export async function lockClaimState(tx: Transaction, userId: number) {
  const [state] = await tx
    .select({
      dailyStreaks: users.dailyStreaks,
      lastClaimedAt: users.lastClaimedAt,
      lastClaimedStreakMilestone: users.lastClaimedStreakMilestone,
      streakRun: users.streakRun,
      dailyStreakQuestCompleted: users.dailyStreakQuestCompleted,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!state) throw new Error(`no user ${userId}`);
  return state;
}

export async function saveDailyClaim(
  tx: Transaction,
  userId: number,
  streak: StreakAfterClaim,
  claimedAt: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...streak, lastClaimedAt: claimedAt })
    .where(eq(users.id, userId));
}

/** Records a paid streak milestone; `completesQuest` also counts the Daily Streak quest. */
export async function saveStreakMilestone(
  tx: Transaction,
  userId: number,
  milestone: number,
  completesQuest: boolean,
): Promise<void> {
  await tx
    .update(users)
    .set({
      lastClaimedStreakMilestone: milestone,
      ...(completesQuest
        ? { dailyStreakQuestCompleted: true, questCompleted: sql`${users.questCompleted} + 1` }
        : {}),
    })
    .where(eq(users.id, userId));
}
