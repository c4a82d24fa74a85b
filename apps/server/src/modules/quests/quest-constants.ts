import { REFERRAL_QUEST_POINTS, STREAK_BONUS_POINTS, type QuestConstants } from '@netpulse/shared';
import type { Config } from '../../env.ts';

/** GET /v1/api/constants: the quest rewards, and where the social quests send people. */
export function questConstantsOf(config: Config): QuestConstants {
  return {
    STREAK_BONUS_POINTS,
    REFERRAL_QUEST_POINTS,
    DISCORD_JOIN_INVITE_URL: config.DISCORD_JOIN_INVITE_URL,
    TWITTER_JOIN_INVITE_URL: config.TWITTER_JOIN_INVITE_URL,
    TELEGRAM_JOIN_INVITE_URL: config.TELEGRAM_JOIN_INVITE_URL,
    TWITTER_FOUNDER_INVITE_URL: config.TWITTER_FOUNDER_INVITE_URL,
    TWITTER_RETWEET_VL_URL: config.TWITTER_RETWEET_VL_URL,
    YOUTUBE_SUBSCRIBE_URL: config.YOUTUBE_SUBSCRIBE_URL,
  };
}
