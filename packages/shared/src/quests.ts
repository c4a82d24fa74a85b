/**
 * The twelve social quests (docs/ARCHITECTURE.md section 5, spec sections 4 and 7),
 * described once for the server's routes and the Quests screen: which platform,
 * which profile flag says the step is done and which says it was claimed, the
 * verify call, the claim call and the reward. Paths are under /v1/api.
 */
import { defineTexts } from '@netpulse/i18n';
import { RETWEET_QUEST_POINTS, SOCIAL_QUEST_POINTS } from './constants.ts';
import type { UserProfile } from './schemas/profile.ts';
import { SOCIAL_QUEST_PLATFORMS, type QuestPlatform, type SocialQuestKey } from './quest-tally.ts';

export * from './quest-tally.ts';

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
    platform: SOCIAL_QUEST_PLATFORMS.xConnect,
    kind: 'connect',
    title: QUEST_TITLES.xConnect,
    doneFlag: 'is_x_verified',
    claimedFlag: 'is_twitter_connect_claimed',
    verify: { method: 'POST', path: '/auth/twitter/verify' },
    claimPath: '/claim-twitter-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xFollow: {
    platform: SOCIAL_QUEST_PLATFORMS.xFollow,
    kind: 'membership',
    title: QUEST_TITLES.xFollow,
    doneFlag: 'is_x_joined',
    claimedFlag: 'is_twitter_join_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkfollows' },
    claimPath: '/claim-twitter-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xFounderFollow: {
    platform: SOCIAL_QUEST_PLATFORMS.xFounderFollow,
    kind: 'membership',
    title: QUEST_TITLES.xFounderFollow,
    doneFlag: 'is_x_founder_followed',
    claimedFlag: 'is_x_founder_follow_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkfounderfollows' },
    claimPath: '/claim-twitter-founder-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  xRetweet: {
    platform: SOCIAL_QUEST_PLATFORMS.xRetweet,
    kind: 'membership',
    title: QUEST_TITLES.xRetweet,
    doneFlag: 'is_x_rt_vl',
    claimedFlag: 'is_x_rt_vl_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkretweet-vl' },
    claimPath: '/claim-twitter-retweet-vl-bonus',
    points: RETWEET_QUEST_POINTS,
  },
  xName: {
    platform: SOCIAL_QUEST_PLATFORMS.xName,
    kind: 'name',
    title: QUEST_TITLES.xName,
    doneFlag: 'is_x_name_verified',
    claimedFlag: 'is_x_name_claimed',
    verify: { method: 'POST', path: '/auth/twitter/checkName' },
    claimPath: '/claim-twitter-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordConnect: {
    platform: SOCIAL_QUEST_PLATFORMS.discordConnect,
    kind: 'connect',
    title: QUEST_TITLES.discordConnect,
    doneFlag: 'is_discord_connected',
    claimedFlag: 'is_discord_connect_claimed',
    claimPath: '/claim-discord-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordJoin: {
    platform: SOCIAL_QUEST_PLATFORMS.discordJoin,
    kind: 'membership',
    title: QUEST_TITLES.discordJoin,
    doneFlag: 'is_discord_joined',
    claimedFlag: 'is_discord_join_claimed',
    verify: { method: 'GET', path: '/auth/discord/check' },
    claimPath: '/claim-discord-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  discordName: {
    platform: SOCIAL_QUEST_PLATFORMS.discordName,
    kind: 'name',
    title: QUEST_TITLES.discordName,
    doneFlag: 'is_discord_name_verified',
    claimedFlag: 'is_discord_name_claimed',
    verify: { method: 'POST', path: '/auth/discord/checkName' },
    claimPath: '/claim-discord-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramConnect: {
    platform: SOCIAL_QUEST_PLATFORMS.telegramConnect,
    kind: 'connect',
    title: QUEST_TITLES.telegramConnect,
    doneFlag: 'is_telegram_connected',
    claimedFlag: 'is_telegram_connect_claimed',
    claimPath: '/claim-telegram-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramJoin: {
    platform: SOCIAL_QUEST_PLATFORMS.telegramJoin,
    kind: 'membership',
    title: QUEST_TITLES.telegramJoin,
    doneFlag: 'is_telegram_joined',
    claimedFlag: 'is_telegram_join_claimed',
    verify: { method: 'POST', path: '/auth/telegram/check' },
    claimPath: '/claim-telegram-joined-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  telegramName: {
    platform: SOCIAL_QUEST_PLATFORMS.telegramName,
    kind: 'name',
    title: QUEST_TITLES.telegramName,
    doneFlag: 'is_telegram_name_verified',
    claimedFlag: 'is_telegram_name_claimed',
    verify: { method: 'POST', path: '/auth/telegram/checkName' },
    claimPath: '/claim-telegram-name-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
  youtubeSubscribe: {
    platform: SOCIAL_QUEST_PLATFORMS.youtubeSubscribe,
    kind: 'subscribe',
    title: QUEST_TITLES.youtubeSubscribe,
    doneFlag: 'is_youtube_verifying',
    claimedFlag: 'is_youtube_subscribe_claimed',
    verify: { method: 'POST', path: '/auth/youtube/check' },
    claimPath: '/claim-youtube-subscribe-bonus',
    points: SOCIAL_QUEST_POINTS,
  },
} as const satisfies Record<SocialQuestKey, SocialQuest>;

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
