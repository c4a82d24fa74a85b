import type { QuestConstants, QuestPlatform, SocialQuestKey, UserProfile } from '@netpulse/shared';

/** Where a name quest's "Add name" link sends the user: the platform's profile settings. */
export const NAME_SETTINGS_URLS = {
  x: 'https://x.com/settings/profile',
  discord: 'https://discord.com/channels/@me',
  telegram: 'https://web.telegram.org',
} as const;

type ConstantsUrl = Extract<keyof QuestConstants, `${string}_URL`>;

/** The external page a quest's link opens: a URL from GET /constants, or a fixed one. */
export type QuestLinkTarget = { constant: ConstantsUrl } | { url: string };

export interface SocialQuestUi {
  /** The external link the user follows before verifying, and its label; none for connect quests. */
  link: { label: string; target: QuestLinkTarget } | null;
  /** What the quest reads once its step is done (spec section 4). */
  doneLabel: string;
}

/** How the screen shows each social quest, beside its contract in SOCIAL_QUESTS. */
export const SOCIAL_QUEST_UI: Record<SocialQuestKey, SocialQuestUi> = {
  xConnect: { link: null, doneLabel: 'Connected' },
  xFollow: {
    link: { label: 'Follow', target: { constant: 'TWITTER_JOIN_INVITE_URL' } },
    doneLabel: 'Followed',
  },
  xFounderFollow: {
    link: { label: 'Follow', target: { constant: 'TWITTER_FOUNDER_INVITE_URL' } },
    doneLabel: 'Followed',
  },
  xRetweet: {
    link: { label: 'Retweet', target: { constant: 'TWITTER_RETWEET_VL_URL' } },
    doneLabel: 'Retweeted',
  },
  xName: {
    link: { label: 'Add name', target: { url: NAME_SETTINGS_URLS.x } },
    doneLabel: 'Verified',
  },
  discordConnect: { link: null, doneLabel: 'Connected' },
  discordJoin: {
    link: { label: 'Join', target: { constant: 'DISCORD_JOIN_INVITE_URL' } },
    doneLabel: 'Joined',
  },
  discordName: {
    link: { label: 'Add name', target: { url: NAME_SETTINGS_URLS.discord } },
    doneLabel: 'Verified',
  },
  telegramConnect: { link: null, doneLabel: 'Connected' },
  telegramJoin: {
    link: { label: 'Join', target: { constant: 'TELEGRAM_JOIN_INVITE_URL' } },
    doneLabel: 'Joined',
  },
  telegramName: {
    link: { label: 'Add name', target: { url: NAME_SETTINGS_URLS.telegram } },
    doneLabel: 'Verified',
  },
  youtubeSubscribe: {
    link: { label: 'Subscribe', target: { constant: 'YOUTUBE_SUBSCRIBE_URL' } },
    doneLabel: 'Subscribed',
  },
};

/** The URL of a quest's link, or null while the constants load (or when they have none). */
export function questLinkUrl(
  target: QuestLinkTarget,
  constants: QuestConstants | undefined,
): string | null {
  if ('url' in target) return target.url;
  return constants?.[target.constant] || null;
}

/** Whether the user's account on the platform is linked; YouTube needs no account. */
export function isPlatformConnected(profile: UserProfile, platform: QuestPlatform): boolean {
  switch (platform) {
    case 'x':
      return profile.is_x_connected;
    case 'discord':
      return profile.is_discord_connected;
    case 'telegram':
      return profile.is_telegram_connected;
    case 'youtube':
      return true;
  }
}
