/**
 * The verify steps of the social quests (spec section 4): each asks the
 * platform (never the browser) and records the answer in the user's quest progress.
 * A check out of order (platform not connected, step already verified) is a
 * 409 and changes nothing.
 */
import {
  NAME_QUEST_TIMERS,
  QUEST_MESSAGE_TEMPLATES,
  QUEST_MESSAGES,
  SERVER_MESSAGES,
  SOCIAL_QUESTS,
  YOUTUBE_STATES,
  type QuestCheck,
  type QuestFlag,
  type SocialQuestKey,
  type YoutubeCheckRequest,
} from '@netpulse/shared';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import type { XTokens } from '../../providers/social/x-client.ts';
import { askYoutubeReview, questProfileOfUser, setQuestFields } from '../quest-progress/index.ts';
import { carriesProductName, nameCheckStep } from './name-quest-timer.ts';
import { clientOf, platformName, type QuestContext } from './quest-context.ts';
import { findSocialAccount } from './quests-repository.ts';
import { text, type ServerText } from '../../lib/server-intl.ts';

/** What a check may be given besides the user: the YouTube sign-in's access token. */
export type CheckInput = NonNullable<YoutubeCheckRequest>;

export interface CheckAnswer {
  message: ServerText;
  data: QuestCheck;
}

type LinkPlatform = 'x' | 'discord' | 'telegram';

const CONNECTED_FLAG: Record<LinkPlatform, QuestFlag> = {
  x: 'is_x_connected',
  discord: 'is_discord_connected',
  telegram: 'is_telegram_connected',
};

/** The screen name an x.com/<name> setting names. */
export function xScreenNameOf(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return (segments[0] ?? '').replace(/^@/, '');
}

/** The tweet id of an x.com/<name>/status/<id> setting. */
export function tweetIdOf(url: string): string {
  return /\/status(?:es)?\/(\d+)/.exec(new URL(url).pathname)?.[1] ?? '';
}

/**
 * The user's profile and linked account for a check of `key`, after refusing a
 * check out of order: the platform not connected yet, or the step already done.
 */
async function checkedState(context: QuestContext, userId: number, key: SocialQuestKey) {
  const quest = SOCIAL_QUESTS[key];
  const profile = await questProfileOfUser(context.db, userId);
  if (quest.platform === 'youtube') return { profile, account: undefined };
  const platform = quest.platform;
  clientOf(context, platform);
  if (!profile[CONNECTED_FLAG[platform]]) {
    throw conflict(
      text(QUEST_MESSAGE_TEMPLATES.connectFirst, { platform: platformName(platform) }),
    );
  }
  if (profile[quest.doneFlag as QuestFlag] === true) {
    throw conflict(QUEST_MESSAGES.alreadyDone);
  }
  const account = await findSocialAccount(context.db, userId, platform);
  if (!account)
    throw conflict(
      text(QUEST_MESSAGE_TEMPLATES.connectFirst, { platform: platformName(platform) }),
    );
  return { profile, account };
}

function xTokensOf(context: QuestContext, sealed: string | null): XTokens {
  const opened = sealed === null ? null : context.box.open(sealed);
  if (opened === null)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }));
  return JSON.parse(opened) as XTokens;
}

const done = (message: ServerText, extra: Partial<QuestCheck> = {}): CheckAnswer => ({
  message,
  data: { verified: true, ...extra },
});
const notYet = (message: ServerText, extra: Partial<QuestCheck> = {}): CheckAnswer => ({
  message,
  data: { verified: false, ...extra },
});

/** Records a verified step. */
async function markDone(context: QuestContext, userId: number, key: SocialQuestKey) {
  await setQuestFields(context.db, userId, {
    [SOCIAL_QUESTS[key].doneFlag]: true,
  } as Partial<Record<QuestFlag, boolean>>);
}

/** POST /auth/twitter/verify: X still accepts the linked account's tokens. */
async function verifyXConnection(context: QuestContext, userId: number): Promise<CheckAnswer> {
  const { account } = await checkedState(context, userId, 'xConnect');
  const user = await clientOf(context, 'x').verifyCredentials(
    xTokensOf(context, account!.sealedTokens),
  );
  if (!user || user.id !== account!.accountId) {
    return notYet(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }));
  }
  await markDone(context, userId, 'xConnect');
  return done(QUEST_MESSAGES.verified);
}

/** POST /auth/twitter/checkfollows and checkfounderfollows. */
function checkXFollow(key: 'xFollow' | 'xFounderFollow') {
  return async (context: QuestContext, userId: number): Promise<CheckAnswer> => {
    const { account } = await checkedState(context, userId, key);
    const target = xScreenNameOf(
      key === 'xFollow'
        ? context.config.TWITTER_JOIN_INVITE_URL
        : context.config.TWITTER_FOUNDER_INVITE_URL,
    );
    const following = await clientOf(context, 'x').isFollowing(
      xTokensOf(context, account!.sealedTokens),
      account!.accountId,
      target,
    );
    if (following === null)
      return notYet(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }), {
        isMember: false,
      });
    if (!following) return notYet(QUEST_MESSAGES.notFollowing, { isMember: false });
    await markDone(context, userId, key);
    return done(QUEST_MESSAGES.verified, { isMember: true });
  };
}

/** POST /auth/twitter/checkretweet-vl. */
async function checkXRetweet(context: QuestContext, userId: number): Promise<CheckAnswer> {
  const { account } = await checkedState(context, userId, 'xRetweet');
  const retweeted = await clientOf(context, 'x').hasRetweeted(
    xTokensOf(context, account!.sealedTokens),
    tweetIdOf(context.config.TWITTER_RETWEET_VL_URL),
  );
  if (retweeted === null)
    return notYet(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }));
  if (!retweeted) return notYet(QUEST_MESSAGES.notRetweeted);
  await markDone(context, userId, 'xRetweet');
  return done(QUEST_MESSAGES.verified);
}

/** GET /auth/discord/check: the bot finds the user in our server. */
async function checkDiscordJoin(context: QuestContext, userId: number): Promise<CheckAnswer> {
  const { account } = await checkedState(context, userId, 'discordJoin');
  const member = await clientOf(context, 'discord').guildMember(account!.accountId);
  if (!member)
    return notYet(text(QUEST_MESSAGE_TEMPLATES.notMember, { platform: 'Discord' }), {
      isMember: false,
    });
  await markDone(context, userId, 'discordJoin');
  return done(QUEST_MESSAGES.verified, { isMember: true });
}

/** POST /auth/telegram/check: getChatMember finds the user in our group. */
async function checkTelegramJoin(context: QuestContext, userId: number): Promise<CheckAnswer> {
  const { account } = await checkedState(context, userId, 'telegramJoin');
  const member = await clientOf(context, 'telegram').chatMember(account!.accountId);
  if (!member)
    return notYet(text(QUEST_MESSAGE_TEMPLATES.notMember, { platform: 'Telegram' }), {
      isMember: false,
    });
  await markDone(context, userId, 'telegramJoin');
  return done(QUEST_MESSAGES.verified, { isMember: true });
}

type NameQuestKey = keyof typeof NAME_QUEST_TIMERS;

/** The name the platform shows for the user, or null when it cannot see them. */
async function platformNameOf(
  context: QuestContext,
  key: NameQuestKey,
  account: { accountId: string; sealedTokens: string | null },
): Promise<string | null> {
  switch (key) {
    case 'xName': {
      const user = await clientOf(context, 'x').verifyCredentials(
        xTokensOf(context, account.sealedTokens),
      );
      return user?.name ?? null;
    }
    case 'discordName':
      return (
        (await clientOf(context, 'discord').guildMember(account.accountId))?.displayName ?? null
      );
    case 'telegramName':
      return (
        (await clientOf(context, 'telegram').chatMember(account.accountId))?.displayName ?? null
      );
  }
}

/** The name checks: the keep-name timer of docs/ARCHITECTURE.md section 5. */
function checkName(key: NameQuestKey) {
  return async (context: QuestContext, userId: number): Promise<CheckAnswer> => {
    const { profile, account } = await checkedState(context, userId, key);
    const platform = platformName(SOCIAL_QUESTS[key].platform);
    const product = context.config.PRODUCT_NAME;
    const shownName = await platformNameOf(context, key, account!);
    if (shownName === null) {
      // X refused the tokens; Discord and Telegram only show names of members.
      const reason =
        key === 'xName'
          ? text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: platform })
          : text(QUEST_MESSAGE_TEMPLATES.notMember, { platform: platform });
      return notYet(reason, { nameVerifyTime: profile[NAME_QUEST_TIMERS[key]] });
    }
    const timerField = NAME_QUEST_TIMERS[key];
    const timerEnd = profile[timerField] ? new Date(profile[timerField]) : null;
    const step = nameCheckStep({
      hasName: carriesProductName(shownName, product),
      timerEnd,
      now: context.clock.now(),
      keepMs: context.config.NAME_QUEST_KEEP_S * 1000,
    });
    const nameVerifyTime = step.timerEnd?.toISOString() ?? null;
    await setQuestFields(context.db, userId, {
      [timerField]: step.timerEnd,
      ...(step.outcome === 'verified' ? { [SOCIAL_QUESTS[key].doneFlag]: true } : {}),
    });
    switch (step.outcome) {
      case 'missing':
        return notYet(
          text(QUEST_MESSAGE_TEMPLATES.nameMissing, { platform: platform, productName: product }),
          { nameVerifyTime },
        );
      case 'started':
      case 'running':
        return notYet(
          text(QUEST_MESSAGE_TEMPLATES.keepName, { platform: platform, productName: product }),
          { nameVerifyTime },
        );
      case 'verified':
        return done(QUEST_MESSAGES.verified, { nameVerifyTime });
    }
  };
}

/**
 * POST /auth/youtube/check. With the YouTube Data API configured, YouTube
 * answers for the viewer of the access token the YouTube sign-in handed back;
 * without it, the request waits for an operator (`quest youtube approve|reject`)
 * with the channel the person named, which the operator looks up (a request
 * without one is refused, so the queue never holds a check nobody can make).
 */
async function checkYoutube(
  context: QuestContext,
  userId: number,
  input: CheckInput = {},
): Promise<CheckAnswer> {
  const { profile } = await checkedState(context, userId, 'youtubeSubscribe');
  if (profile.is_youtube_verifying === YOUTUBE_STATES.verified) {
    throw conflict(QUEST_MESSAGES.youtubeAlreadyVerified);
  }
  const youtube = context.platforms.youtube;
  if (!youtube) {
    if (input.channel === undefined) {
      throw badRequest(SERVER_MESSAGES.validationFailed, {
        channel: [QUEST_MESSAGES.youtubeChannelRequired],
      });
    }
    await askYoutubeReview(context.db, userId, input.channel);
    return notYet(QUEST_MESSAGES.youtubeVerifying);
  }
  if (!input.accessToken) throw conflict(QUEST_MESSAGES.youtubeSignInFirst);
  const subscribed = await youtube.isSubscribed(input.accessToken);
  if (subscribed === null)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'YouTube' }));
  if (!subscribed) return notYet(QUEST_MESSAGES.notSubscribed);
  await setQuestFields(context.db, userId, { is_youtube_verifying: YOUTUBE_STATES.verified });
  return done(QUEST_MESSAGES.verified);
}

/** The verify step of every social quest that has one. */
export const QUEST_CHECKS = {
  xConnect: verifyXConnection,
  xFollow: checkXFollow('xFollow'),
  xFounderFollow: checkXFollow('xFounderFollow'),
  xRetweet: checkXRetweet,
  xName: checkName('xName'),
  discordJoin: checkDiscordJoin,
  discordName: checkName('discordName'),
  telegramJoin: checkTelegramJoin,
  telegramName: checkName('telegramName'),
  youtubeSubscribe: checkYoutube,
} satisfies Partial<
  Record<
    SocialQuestKey,
    (context: QuestContext, userId: number, input?: CheckInput) => Promise<CheckAnswer>
  >
>;
