import type { QuestConstants, QuestPlatform, SocialQuestKey, UserProfile } from '@netpulse/shared';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';

/** Where a name quest's "Add name" link sends the user: the platform's profile settings. */
export const NAME_SETTINGS_URLS = {
  x: 'https://x.com/settings/profile',
  discord: 'https://discord.com/channels/@me',
  telegram: 'https://web.telegram.org',
} as const;

type ConstantsUrl = Extract<keyof QuestConstants, `${string}_URL`>;

/** The external page a quest's link opens: a URL from GET /constants, or a fixed one. */
export type QuestLinkTarget = { constant: ConstantsUrl } | { url: string };

/** The labels of the quests' links and done states, formatted when the screen renders. */
const labels = defineMessages({
  follow: { id: 'quests.linkFollow', defaultMessage: 'Follow' },
  retweet: { id: 'quests.linkRetweet', defaultMessage: 'Retweet' },
  addName: { id: 'quests.linkAddName', defaultMessage: 'Add name' },
  join: { id: 'quests.linkJoin', defaultMessage: 'Join' },
  subscribe: { id: 'quests.linkSubscribe', defaultMessage: 'Subscribe' },
  connected: { id: 'quests.doneConnected', defaultMessage: 'Connected' },
  followed: { id: 'quests.doneFollowed', defaultMessage: 'Followed' },
  retweeted: { id: 'quests.doneRetweeted', defaultMessage: 'Retweeted' },
  verified: { id: 'quests.doneVerified', defaultMessage: 'Verified' },
  joined: { id: 'quests.doneJoined', defaultMessage: 'Joined' },
  subscribed: { id: 'quests.doneSubscribed', defaultMessage: 'Subscribed' },
});

export interface SocialQuestUi {
  /** The external link the user follows before verifying, and its label; none for connect quests. */
  link: { label: MessageDescriptor; target: QuestLinkTarget } | null;
  /** What the quest reads once its step is done (spec section 4). */
  doneLabel: MessageDescriptor;
}

/** How the screen shows each social quest, beside its contract in SOCIAL_QUESTS. */
export const SOCIAL_QUEST_UI: Record<SocialQuestKey, SocialQuestUi> = {
  xConnect: { link: null, doneLabel: labels.connected },
  xFollow: {
    link: { label: labels.follow, target: { constant: 'TWITTER_JOIN_INVITE_URL' } },
    doneLabel: labels.followed,
  },
  xFounderFollow: {
    link: { label: labels.follow, target: { constant: 'TWITTER_FOUNDER_INVITE_URL' } },
    doneLabel: labels.followed,
  },
  xRetweet: {
    link: { label: labels.retweet, target: { constant: 'TWITTER_RETWEET_VL_URL' } },
    doneLabel: labels.retweeted,
  },
  xName: {
    link: { label: labels.addName, target: { url: NAME_SETTINGS_URLS.x } },
    doneLabel: labels.verified,
  },
  discordConnect: { link: null, doneLabel: labels.connected },
  discordJoin: {
    link: { label: labels.join, target: { constant: 'DISCORD_JOIN_INVITE_URL' } },
    doneLabel: labels.joined,
  },
  discordName: {
    link: { label: labels.addName, target: { url: NAME_SETTINGS_URLS.discord } },
    doneLabel: labels.verified,
  },
  telegramConnect: { link: null, doneLabel: labels.connected },
  telegramJoin: {
    link: { label: labels.join, target: { constant: 'TELEGRAM_JOIN_INVITE_URL' } },
    doneLabel: labels.joined,
  },
  telegramName: {
    link: { label: labels.addName, target: { url: NAME_SETTINGS_URLS.telegram } },
    doneLabel: labels.verified,
  },
  youtubeSubscribe: {
    link: { label: labels.subscribe, target: { constant: 'YOUTUBE_SUBSCRIBE_URL' } },
    doneLabel: labels.subscribed,
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
