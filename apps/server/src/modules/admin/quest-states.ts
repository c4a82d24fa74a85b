/**
 * A person's social quests as the console's user page words them (issue 27): each
 * quest's state, not the profile's thirty raw flags (`is_x_rt_vl false`).
 */
import {
  isQuestDone,
  NAME_QUEST_TIMERS,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  YOUTUBE_STATES,
  type SocialQuestKey,
} from '@netpulse/shared';
import type { AdminQuestState, AdminUserDetail } from '@netpulse/shared/admin';
import type { QuestProfile } from '../quest-progress/index.ts';

/** The flag of the step before done, for the quests that have one (linked, not yet verified). */
const STARTED_FLAGS: Partial<Record<SocialQuestKey, keyof QuestProfile>> = {
  xConnect: 'is_x_connected',
  discordConnect: 'is_discord_verified',
};

/** The ledger's key of a quest's credit (modules/quests/quest-claims.ts writes it). */
export function questCreditKey(userId: number, key: SocialQuestKey): string {
  return `quest:${userId}:${key}`;
}

function stateOf(profile: QuestProfile, key: SocialQuestKey): AdminQuestState {
  if (profile[SOCIAL_QUESTS[key].claimedFlag]) return 'claimed';
  if (isQuestDone(profile, key)) return 'done';
  if (key === 'youtubeSubscribe' && profile.is_youtube_verifying === YOUTUBE_STATES.verifying) {
    return 'waiting_for_review';
  }
  if (
    key in NAME_QUEST_TIMERS &&
    profile[NAME_QUEST_TIMERS[key as keyof typeof NAME_QUEST_TIMERS]]
  ) {
    return 'keeping_name';
  }
  const startedFlag = STARTED_FLAGS[key];
  return startedFlag && profile[startedFlag] ? 'started' : 'not_started';
}

/**
 * Every social quest in the quests' own order with its state; `at` is the claim's time
 * (from `claimedAt`, by quest) or the end of a keep-name timer.
 */
export function questStatesOf(
  profile: QuestProfile,
  claimedAt: ReadonlyMap<SocialQuestKey, Date>,
): AdminUserDetail['quests'] {
  return SOCIAL_QUEST_KEYS.map((quest) => {
    const state = stateOf(profile, quest);
    const at =
      state === 'claimed'
        ? (claimedAt.get(quest)?.toISOString() ?? null)
        : state === 'keeping_name'
          ? (profile[NAME_QUEST_TIMERS[quest as keyof typeof NAME_QUEST_TIMERS]] ?? null)
          : null;
    return { quest, state, at };
  });
}
