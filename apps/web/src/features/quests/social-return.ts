import type { DiscordLinkRequest, TelegramLinkRequest, XLinkRequest } from '@netpulse/shared';

/** The platforms whose accounts are linked by a login. */
export type LinkPlatform = 'x' | 'discord' | 'telegram';

/**
 * What the address of /quests carries back from a platform's login: the link
 * call's body, or null when the login came back incomplete (a failed link).
 */
export type SocialReturn =
  | { platform: 'x'; body: XLinkRequest | null }
  | { platform: 'discord'; body: DiscordLinkRequest | null }
  | { platform: 'telegram'; body: TelegramLinkRequest | null };

/**
 * Every query parameter a return may carry (spec section 2 and the Telegram
 * widget's redirect), so the screen can drop them from the address.
 */
export const SOCIAL_RETURN_PARAMS = [
  'id',
  'username',
  'displayName',
  'photos',
  'provider',
  'avatar',
  'accessToken',
  'oauth_token',
  'oauth_token_secret',
  'first_name',
  'last_name',
  'photo_url',
  'auth_date',
  'hash',
  'state',
] as const;

/** A parameter's value, or undefined when it is missing or empty. */
function param(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null || value === '' ? undefined : value;
}

/** A positive whole number written in decimal digits, as Telegram sends ids and dates. */
function positiveInteger(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Drops the keys whose value is undefined, so the body carries only what came back. */
function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

function xReturn(query: URLSearchParams): SocialReturn {
  const id = param(query, 'id');
  const username = param(query, 'username');
  const token = param(query, 'oauth_token');
  const secret = param(query, 'oauth_token_secret');
  const state = param(query, 'state');
  if (!id || !username || !token || !secret || !state) return { platform: 'x', body: null };
  return {
    platform: 'x',
    body: defined({
      id,
      username,
      displayName: param(query, 'displayName'),
      photos: param(query, 'photos'),
      provider: 'twitter',
      oauth_token: token,
      oauth_token_secret: secret,
      state,
    }),
  };
}

function discordReturn(query: URLSearchParams): SocialReturn {
  const id = param(query, 'id');
  const username = param(query, 'username');
  const accessToken = param(query, 'accessToken');
  const state = param(query, 'state');
  if (!id || !username || !accessToken || !state) return { platform: 'discord', body: null };
  return {
    platform: 'discord',
    body: defined({
      id,
      username,
      avatar: param(query, 'avatar'),
      provider: 'discord',
      discordAccessToken: accessToken,
      state,
    }),
  };
}

function telegramReturn(query: URLSearchParams): SocialReturn {
  const id = positiveInteger(param(query, 'id'));
  const authDate = positiveInteger(param(query, 'auth_date'));
  const hash = param(query, 'hash');
  // Ours, in the widget's return address (TelegramLoginWidget), beside Telegram's signed fields.
  const state = param(query, 'state');
  if (id === null || authDate === null || !hash || !state) {
    return { platform: 'telegram', body: null };
  }
  return {
    platform: 'telegram',
    body: defined({
      id,
      first_name: param(query, 'first_name'),
      last_name: param(query, 'last_name'),
      username: param(query, 'username'),
      photo_url: param(query, 'photo_url'),
      auth_date: authDate,
      hash,
      state,
    }),
  };
}

/**
 * Reads a return from a platform's login in the query of /quests: X and
 * Discord name themselves in `provider` ('twitter', 'discord'); Telegram's
 * widget sends its signed `hash` and `auth_date`. Null when the address
 * carries no return.
 */
export function parseSocialReturn(search: string | URLSearchParams): SocialReturn | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const provider = query.get('provider');
  if (provider === 'twitter') return xReturn(query);
  if (provider === 'discord') return discordReturn(query);
  if (provider === null && query.has('hash') && query.has('auth_date')) {
    return telegramReturn(query);
  }
  return null;
}

/**
 * The return of the YouTube sign-in (only when the server checks subscriptions
 * with the YouTube Data API): the access token and state for the check, or null
 * when the sign-in came back without them. Null for any other address.
 */
export function parseYoutubeReturn(
  search: string | URLSearchParams,
): { check: { accessToken: string; state: string } | null } | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (query.get('provider') !== 'youtube') return null;
  const accessToken = param(query, 'accessToken');
  const state = param(query, 'state');
  return { check: accessToken && state ? { accessToken, state } : null };
}
