/**
 * The twelve social quests (docs/ARCHITECTURE.md section 5, spec sections 4 and 7),
 * described once for the server's routes and the Quests screen: which platform,
 * which profile flag says the step is done and which says it was claimed, the
 * verify call, the claim call and the reward. Paths are under /v1/api.
 */
import { defineTexts } from '@netpulse/i18n';
import { QUESTS_TOTAL, RETWEET_QUEST_POINTS, SOCIAL_QUEST_POINTS } from './constants.ts';
import type { UserProfile } from './schemas/profile.ts';

export const QUEST_PLATFORMS = ['x', 'discord', 'telegram', 'youtube'] as const;
export type QuestPlatform = (typeof QUEST_PLATFORMS)[number];

/** How a platform is named in messages ("X is not configured on this server"). */
export const QUEST_PLATFORM_NAMES: Record<QuestPlatform, string> = {
  x: 'X',
  discord: 'Discord',
  telegram: 'Telegram',
  youtube: 'YouTube',
};

/**
 * The settings (environment variables, README's configuration) that make each platform's
 * quests available: every one of them set. YouTube needs none: without its Data API an
 * operator reviews each subscription. The server decides availability from this list, and
 * the console names it to the operator of a platform left unconfigured.
 */
export const QUEST_PLATFORM_SETTINGS = {
  x: ['X_CONSUMER_KEY', 'X_CONSUMER_SECRET'],
  discord: ['DISCORD_CLIENT_ID', 'DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID'],
  telegram: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME', 'TELEGRAM_CHAT_ID'],
  youtube: [],
} as const satisfies Record<QuestPlatform, readonly string[]>;

/** The settings that let the server check YouTube subscriptions itself instead of an operator. */
export const YOUTUBE_API_SETTINGS = [
  'YOUTUBE_CLIENT_ID',
  'YOUTUBE_CLIENT_SECRET',
  'YOUTUBE_CHANNEL_ID',
] as const;

/** Which platforms' quests this server offers (the public config's questPlatforms). */
export type OfferedPlatforms = Record<QuestPlatform, boolean>;

type FlagOf<T> = {
  [K in keyof UserProfile]: UserProfile[K] extends T ? K : never;
}[keyof UserProfile];
export type QuestFlag = FlagOf<boolean>;

export type SocialQuestKind = 'connect' | 'membership' | 'name' | 'subscribe';

export interface SocialQuest {
  platform: QuestPlatform;
  kind: SocialQuestKind;
  /** The quest as the screen names it. */
  title: string;
  /** The profile flag set once the step is done (linked, joined, verified...). */
  doneFlag: QuestFlag | 'is_youtube_verifying';
  claimedFlag: QuestFlag;
  /** The verify call; connect quests are done by linking, so they have none of their own. */
  verify?: { method: 'GET' | 'POST'; path: string };
  claimPath: string;
  points: number;
}

/**
 * The quests as the screen names them (spec section 4), registered for translation under
 * `questTitles.<quest>`; `{product}` is the product name (`questTitle`, or a translation's
 * placeholder of the same name).
 */
export const QUEST_TITLES = defineTexts('questTitles', {
  xConnect: 'Connect your X account',
  xFollow: 'Follow us on X',
  xFounderFollow: 'Follow our founder on X',
  xRetweet: 'Retweet the Validator Launch Tweet',
  xName: 'Add {product} to your X name',
  discordConnect: 'Connect your Discord account',
  discordJoin: 'Join our Discord server',
  discordName: 'Add {product} to your Discord name',
  telegramConnect: 'Connect your Telegram account',
  telegramJoin: 'Join our Telegram group',
  telegramName: 'Add {product} to your Telegram name',
  youtubeSubscribe: 'Subscribe to our YouTube channel',
});

export const SOCIAL_QUESTS = {
  xConnect: {
    platform: 'x',
    kind: 'connect',
    title: QUEST_TITLES.xConnect,
    doneFlag: 'is_x_verified',
    claimedFlag: 'is_twitter_connect_claimed',
    verify: { method: 'POST', path: '/auth/twitter/verify' },
    claimPath: '/claim-twitter-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xFollow: {
    platform: 'x',
    kind: 'membership',
    title: QUEST_TITLES.xFollow,
    doneFlag: 'is_x_joined',
    claimedFlag: 'is_twitter_join_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkfollows' },
    claimPath: '/claim-twitter-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xFounderFollow: {
    platform: 'x',
    kind: 'membership',
    title: QUEST_TITLES.xFounderFollow,
    doneFlag: 'is_x_founder_followed',
    claimedFlag: 'is_x_founder_follow_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkfounderfollows' },
    claimPath: '/claim-twitter-founder-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xRetweet: {
    platform: 'x',
    kind: 'membership',
    title: QUEST_TITLES.xRetweet,
    doneFlag: 'is_x_rt_vl',
    claimedFlag: 'is_x_rt_vl_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkretweet-vl' },
    claimPath: '/claim-twitter-retweet-vl-bonus',
    points: RETWEET_QUEST_POINTS,
  },
  xName: {
    platform: 'x',
    kind: 'name',
    title: QUEST_TITLES.xName,
    doneFlag: 'is_x_name_verified',
    claimedFlag: 'is_x_name_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkName' },
    claimPath: '/claim-twitter-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordConnect: {
    platform: 'discord',
    kind: 'connect',
    title: QUEST_TITLES.discordConnect,
    doneFlag: 'is_discord_connected',
    claimedFlag: 'is_discord_connect_claimed',
    claimPath: '/claim-discord-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordJoin: {
    platform: 'discord',
    kind: 'membership',
    title: QUEST_TITLES.discordJoin,
    doneFlag: 'is_discord_joined',
    claimedFlag: 'is_discord_join_claimed',
    verify: { method: 'GET', path: '/auth/discord/check' },
    claimPath: '/claim-discord-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordName: {
    platform: 'discord',
    kind: 'name',
    title: QUEST_TITLES.discordName,
    doneFlag: 'is_discord_name_verified',
    claimedFlag: 'is_discord_name_claimed',
    verify: { method: 'POST', path: '/auth/discord/checkName' },
    claimPath: '/claim-discord-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramConnect: {
    platform: 'telegram',
    kind: 'connect',
    title: QUEST_TITLES.telegramConnect,
    doneFlag: 'is_telegram_connected',
    claimedFlag: 'is_telegram_connect_claimed',
    claimPath: '/claim-telegram-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramJoin: {
    platform: 'telegram',
    kind: 'membership',
    title: QUEST_TITLES.telegramJoin,
    doneFlag: 'is_telegram_joined',
    claimedFlag: 'is_telegram_join_claimed',
    verify: { method: 'POST', path: '/auth/telegram/check' },
    claimPath: '/claim-telegram-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramName: {
    platform: 'telegram',
    kind: 'name',
    title: QUEST_TITLES.telegramName,
    doneFlag: 'is_telegram_name_verified',
    claimedFlag: 'is_telegram_name_claimed',
    verify: { method: 'POST', path: '/auth/telegram/checkName' },
    claimPath: '/claim-telegram-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  youtubeSubscribe: {
    platform: 'youtube',
    kind: 'subscribe',
    title: QUEST_TITLES.youtubeSubscribe,
    doneFlag: 'is_youtube_verifying',
    claimedFlag: 'is_youtube_subscribe_claimed',
    verify: { method: 'POST', path: '/auth/youtube/check' },
    claimPath: '/claim-youtube-subscribe-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
} as const satisfies Record<string, SocialQuest>;

export type SocialQuestKey = keyof typeof SOCIAL_QUESTS;
export const SOCIAL_QUEST_KEYS = Object.keys(SOCIAL_QUESTS) as SocialQuestKey[];

/** The name quests' profile field holding the end of the keep-name timer. */
export const NAME_QUEST_TIMERS = {
  xName: 'x_name_verify_time',
  discordName: 'discord_name_verify_time',
  telegramName: 'telegram_name_verify_time',
} as const satisfies Partial<Record<SocialQuestKey, keyof UserProfile>>;

/** The link calls: POST with the identity the platform handed the browser. */
export const SOCIAL_LINK_PATHS = {
  x: '/auth/twitter/link',
  discord: '/auth/discord/link',
  telegram: '/auth/telegram/link',
} as const;

/** Where the signed-in page asks for the one-time state a platform login carries. */
export const SOCIAL_STATE_PATH = '/auth/social/state';

/** Where the browser goes to log in with X or Discord (a new tab with `?state=`; spec section 2). */
export const SOCIAL_LOGIN_PATHS = {
  x: '/auth/twitter/login',
  discord: '/auth/discord/login',
  /** Only when the YouTube Data API is configured: Google's consent, then the check. */
  youtube: '/auth/youtube/login',
} as const;

/** The YouTube subscription as is_youtube_verifying tells it. */
export const YOUTUBE_STATES = { none: 'false', verifying: 'true', verified: 'verified' } as const;

/** Whether a quest's step is done, as the profile (or its quest fields alone) says. */
export function isQuestDone(
  profile: Pick<UserProfile, QuestFlag | 'is_youtube_verifying'>,
  key: SocialQuestKey,
): boolean {
  const quest: SocialQuest = SOCIAL_QUESTS[key];
  if (quest.doneFlag === 'is_youtube_verifying') {
    return profile.is_youtube_verifying === YOUTUBE_STATES.verified;
  }
  return profile[quest.doneFlag];
}

/** The title with the product name filled in. */
export function questTitle(key: SocialQuestKey, productName: string): string {
  return SOCIAL_QUESTS[key].title.replace('{product}', productName);
}

/** The social quests a participant can do here: those of the platforms the server offers. */
export function offeredSocialQuestKeys(offered: OfferedPlatforms): SocialQuestKey[] {
  return SOCIAL_QUEST_KEYS.filter((key) => offered[SOCIAL_QUESTS[key].platform]);
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
