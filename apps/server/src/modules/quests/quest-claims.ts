/**
 * The social quests' claims: once the quest's step is done, its reward is
 * credited through the ledger (key quest:<user>:<quest>) and the quest counts
 * as completed. A claim before the step, or a second claim, is a 409.
 */
import {
  isQuestDone,
  QUEST_MESSAGES,
  questTitle,
  SOCIAL_QUESTS,
  type SocialQuestKey,
} from '@netpulse/shared';
import { conflict } from '../../lib/http-error.ts';
import { creditPoints, type Credited } from '../ledger/index.ts';
import {
  changeQuestProgress,
  lockQuestProfile,
  ONE_MORE_QUEST_COMPLETED,
} from '../quest-progress/index.ts';
import type { QuestContext } from './quest-context.ts';
import { inTransaction } from '../../db/transaction.ts';

export async function claimSocialQuest(
  context: Pick<QuestContext, 'db' | 'clock' | 'config'>,
  userId: number,
  key: SocialQuestKey,
): Promise<Credited> {
  const quest = SOCIAL_QUESTS[key];
  const now = context.clock.now();
  return inTransaction(context.db, async (tx) => {
    const profile = await lockQuestProfile(tx, userId);
    if (profile[quest.claimedFlag]) throw conflict(QUEST_MESSAGES.alreadyClaimed);
    if (!isQuestDone(profile, key)) throw conflict(QUEST_MESSAGES.notReady);
    const credited = await creditPoints(
      tx,
      {
        userId,
        type: 'quest_reward',
        points: quest.points,
        details: questTitle(key, context.config.PRODUCT_NAME),
        idempotencyKey: `quest:${userId}:${key}`,
        at: now,
        duplicateMessage: QUEST_MESSAGES.alreadyClaimed,
      },
      ONE_MORE_QUEST_COMPLETED,
    );
    // After the credit, which refuses a second claim before anything is written.
    await changeQuestProgress(tx, userId, key, { claimed: true });
    return credited;
  });
}
