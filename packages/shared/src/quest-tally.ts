/**
 * The social quests counted: each one's platform, and how many a server offers. A module of its
 * own, beside quests.ts (which describes each quest with its platform from here), so that the
 * dashboard's tally carries none of the quests' descriptions.
 */
import { QUESTS_TOTAL } from './constants.ts';

export const QUEST_PLATFORMS = ['x', 'discord', 'telegram', 'youtube'] as const;
export type QuestPlatform = (typeof QUEST_PLATFORMS)[number];

/** Which platforms' quests this server offers (the public config's questPlatforms). */
export type OfferedPlatforms = Record<QuestPlatform, boolean>;

/** Each social quest's platform, in the Quests screen's order. */
export const SOCIAL_QUEST_PLATFORMS = {
  xConnect: 'x',
  xFollow: 'x',
  xFounderFollow: 'x',
  xRetweet: 'x',
  xName: 'x',
  discordConnect: 'discord',
  discordJoin: 'discord',
  discordName: 'discord',
  telegramConnect: 'telegram',
  telegramJoin: 'telegram',
  telegramName: 'telegram',
  youtubeSubscribe: 'youtube',
} as const satisfies Record<string, QuestPlatform>;

export type SocialQuestKey = keyof typeof SOCIAL_QUEST_PLATFORMS;
export const SOCIAL_QUEST_KEYS = Object.keys(SOCIAL_QUEST_PLATFORMS) as SocialQuestKey[];

/** The social quests a participant can do here: those of the platforms the server offers. */
export function offeredSocialQuestKeys(offered: OfferedPlatforms): SocialQuestKey[] {
  return SOCIAL_QUEST_KEYS.filter((key) => offered[SOCIAL_QUEST_PLATFORMS[key]]);
}

/**
 * "Quests completed n/total" counted over the quests this server offers (issue 27: the
 * spec's n/19 counted quests of unconfigured platforms nobody can do). `completed` is
 * the profile's quest_completed; a quest claimed before its platform was switched off
 * still counts there, so it is held to the total rather than read as "15/14".
 */
export function questTally(
  completed: number,
  offered: OfferedPlatforms,
): { completed: number; total: number } {
  const unavailable = SOCIAL_QUEST_KEYS.length - offeredSocialQuestKeys(offered).length;
  const total = QUESTS_TOTAL - unavailable;
  return { completed: Math.min(completed, total), total };
}
