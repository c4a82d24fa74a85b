/**
 * Linking the social accounts (docs/ARCHITECTURE.md section 5): the X and Discord
 * logins, and the link calls, which believe only what the platform itself
 * confirms for the tokens the browser hands back, never a posted id. Every
 * login carries the state its page was issued (login-state.ts) back to /quests.
 */
import {
  QUEST_MESSAGE_TEMPLATES,
  type DiscordLinkRequest,
  type LinkedAccount,
  type QuestFlag,
  type TelegramLinkRequest,
  type XLinkRequest,
} from '@netpulse/shared';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { badRequest, conflict, forbidden } from '../../lib/http-error.ts';
import { newSecretToken } from '../../lib/random-codes.ts';
import { isTelegramLoginAuthentic } from '../../providers/social/telegram-client.ts';
import type { XTokens } from '../../providers/social/x-client.ts';
import { LOGIN_LIFETIME_MS } from './login-state.ts';
import { clientOf, platformName, type QuestContext } from './quest-context.ts';
import {
  findSocialAccount,
  saveOAuthRequest,
  takeOAuthRequest,
  upsertSocialAccount,
} from './quests-repository.ts';
import { setQuestFields } from '../quest-progress/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { text } from '../../lib/server-intl.ts';

/** What a login keeps, sealed, between its start and the platform's return. */
interface PendingLogin {
  /** The state the page was issued, handed back to /quests for the link call. */
  state: string;
  /** X's request token secret. */
  tokenSecret?: string;
}

function openPendingLogin(context: QuestContext, sealed: string | null): PendingLogin | null {
  const opened = sealed === null ? null : context.box.open(sealed);
  try {
    return opened === null ? null : (JSON.parse(opened) as PendingLogin);
  } catch {
    // A login started before states were kept: it has to start again.
    return null;
  }
}

type LinkPlatform = LinkedAccount['platform'];

/** Where the browser returns after a login: the Quests screen with the login's parameters. */
function questsUrl(context: QuestContext, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${context.config.PUBLIC_URL}/quests${query ? `?${query}` : ''}`;
}

/**
 * Links the account to the user and sets the quest flags the link completes.
 * One account per platform per user (the same account again only renews its
 * tokens), and an account belongs to one user.
 */
async function saveLink(
  context: QuestContext,
  userId: number,
  account: { platform: LinkPlatform; accountId: string; username: string; tokens: unknown },
  flags: Partial<Record<QuestFlag, boolean>>,
): Promise<LinkedAccount> {
  const name = platformName(account.platform);
  const current = await findSocialAccount(context.db, userId, account.platform);
  if (current && current.accountId !== account.accountId) {
    throw conflict(text(QUEST_MESSAGE_TEMPLATES.otherAccountLinked, { platform: name }));
  }
  try {
    await inTransaction(context.db, async (tx) => {
      await upsertSocialAccount(tx, {
        userId,
        platform: account.platform,
        accountId: account.accountId,
        username: account.username,
        sealedTokens: account.tokens ? context.box.seal(JSON.stringify(account.tokens)) : null,
        linkedAt: context.clock.now(),
      });
      await setQuestFields(tx, userId, flags);
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'social_accounts_platform_account_unique') {
      throw conflict(
        text(QUEST_MESSAGE_TEMPLATES.accountTaken, {
          platform: name,
          productName: context.config.PRODUCT_NAME,
        }),
      );
    }
    throw error;
  }
  return { platform: account.platform, accountId: account.accountId, username: account.username };
}

/** GET /auth/twitter/login: a request token, then X's approval page. */
export async function startXLogin(context: QuestContext, state: string): Promise<string> {
  const x = clientOf(context, 'x');
  const callback = `${context.config.PUBLIC_URL}/v1/api/auth/twitter/callback`;
  const request = await x.requestToken(callback);
  const now = context.clock.now();
  await saveOAuthRequest(
    context.db,
    {
      token: request.token,
      sealedSecret: context.box.seal(
        JSON.stringify({ state, tokenSecret: request.tokenSecret } satisfies PendingLogin),
      ),
      expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_MS),
    },
    now,
  );
  return x.authenticateUrl(request.token);
}

/**
 * GET /auth/twitter/callback: exchanges the approved request token for the
 * user's tokens and returns the browser to /quests with them (spec section 2).
 * A cancelled login returns to /quests with nothing.
 */
export async function finishXLogin(
  context: QuestContext,
  query: { oauth_token?: string; oauth_verifier?: string; denied?: string },
): Promise<string> {
  const x = clientOf(context, 'x');
  if (query.denied || !query.oauth_token || !query.oauth_verifier) return questsUrl(context, {});
  const sealed = await takeOAuthRequest(context.db, query.oauth_token, context.clock.now());
  const pending = openPendingLogin(context, sealed);
  if (!pending?.tokenSecret)
    throw badRequest(text(QUEST_MESSAGE_TEMPLATES.loginExpired, { platform: 'X' }));
  const tokens = await x.accessToken(
    { token: query.oauth_token, tokenSecret: pending.tokenSecret },
    query.oauth_verifier,
  );
  const user = tokens ? await x.verifyCredentials(tokens) : null;
  if (!tokens || !user)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }));
  return questsUrl(context, {
    provider: 'twitter',
    id: user.id,
    username: user.screenName,
    displayName: user.name,
    photos: user.photo ?? '',
    oauth_token: tokens.token,
    oauth_token_secret: tokens.tokenSecret,
    state: pending.state,
  });
}

/** POST /auth/twitter/link: X must confirm that the tokens belong to the posted id. */
export async function linkX(
  context: QuestContext,
  userId: number,
  body: XLinkRequest,
): Promise<LinkedAccount> {
  const tokens: XTokens = { token: body.oauth_token, tokenSecret: body.oauth_token_secret };
  const user = await clientOf(context, 'x').verifyCredentials(tokens);
  if (!user || user.id !== body.id)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }));
  return saveLink(
    context,
    userId,
    { platform: 'x', accountId: user.id, username: user.screenName, tokens },
    { is_x_connected: true },
  );
}

/**
 * GET /auth/discord/login: Discord's login, returning to /discord-auth with the
 * token and the state (Discord hands `state` back as it was given).
 */
export function discordLoginUrl(context: QuestContext, state: string): string {
  return clientOf(context, 'discord').loginUrl(`${context.config.PUBLIC_URL}/discord-auth`, state);
}

/** GET /auth/discord/callback: the token's user, handed to /quests (spec section 2). */
export async function finishDiscordLogin(
  context: QuestContext,
  { accessToken, state }: { accessToken: string; state: string },
): Promise<string> {
  const user = await clientOf(context, 'discord').currentUser(accessToken);
  if (!user)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'Discord' }));
  return questsUrl(context, {
    provider: 'discord',
    id: user.id,
    username: user.username,
    avatar: user.avatar ?? '',
    accessToken,
    state,
  });
}

/** POST /auth/discord/link: Discord must confirm the token belongs to the posted id. */
export async function linkDiscord(
  context: QuestContext,
  userId: number,
  body: DiscordLinkRequest,
): Promise<LinkedAccount> {
  const user = await clientOf(context, 'discord').currentUser(body.discordAccessToken);
  if (!user || user.id !== body.id)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'Discord' }));
  // Membership and names are read with the bot, so the user's token is not kept.
  return saveLink(
    context,
    userId,
    { platform: 'discord', accountId: user.id, username: user.username, tokens: null },
    { is_discord_connected: true, is_discord_verified: true },
  );
}

/** POST /auth/telegram/link: the widget's result must carry Telegram's signature. */
export async function linkTelegram(
  context: QuestContext,
  userId: number,
  body: TelegramLinkRequest,
): Promise<LinkedAccount> {
  clientOf(context, 'telegram');
  const botToken = context.config.TELEGRAM_BOT_TOKEN ?? '';
  if (!isTelegramLoginAuthentic(body, botToken, context.clock.now())) {
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'Telegram' }));
  }
  const username = body.username ?? [body.first_name, body.last_name].filter(Boolean).join(' ');
  return saveLink(
    context,
    userId,
    { platform: 'telegram', accountId: String(body.id), username, tokens: null },
    { is_telegram_connected: true },
  );
}

const youtubeCallbackUrl = (context: QuestContext) =>
  `${context.config.PUBLIC_URL}/v1/api/auth/youtube/callback`;

/**
 * GET /auth/youtube/login: Google's consent page. Only with the YouTube Data API
 * configured; Google's own state is kept so the callback answers only logins we
 * started, and with it the page's state, handed back to /quests for the check.
 */
export async function startYoutubeLogin(context: QuestContext, state: string): Promise<string> {
  const youtube = clientOf(context, 'youtube');
  const googleState = newSecretToken();
  const now = context.clock.now();
  await saveOAuthRequest(
    context.db,
    {
      token: googleState,
      sealedSecret: context.box.seal(JSON.stringify({ state } satisfies PendingLogin)),
      expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_MS),
    },
    now,
  );
  return youtube.loginUrl(youtubeCallbackUrl(context), googleState);
}

/**
 * GET /auth/youtube/callback: exchanges the code and returns the browser to
 * /quests with the access token, which the screen posts to the check. A
 * cancelled consent returns to /quests with nothing.
 */
export async function finishYoutubeLogin(
  context: QuestContext,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const youtube = clientOf(context, 'youtube');
  if (query.error || !query.code || !query.state) return questsUrl(context, {});
  const sealed = await takeOAuthRequest(context.db, query.state, context.clock.now());
  const pending = openPendingLogin(context, sealed);
  // X's request tokens share the table: only a YouTube login has no token secret.
  if (!pending || pending.tokenSecret !== undefined) {
    throw badRequest(text(QUEST_MESSAGE_TEMPLATES.loginExpired, { platform: 'YouTube' }));
  }
  const accessToken = await youtube.accessToken(query.code, youtubeCallbackUrl(context));
  if (!accessToken)
    throw forbidden(text(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'YouTube' }));
  return questsUrl(context, { provider: 'youtube', accessToken, state: pending.state });
}
