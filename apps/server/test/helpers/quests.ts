/** Social quest steps as the tests need them, against the platform stand-ins. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { SocialQuestKey } from '@netpulse/shared';
import { SOCIAL_QUESTS, SOCIAL_STATE_PATH } from '@netpulse/shared';
import type { SignedIn } from './auth-flow.ts';
import { API, call } from './points.ts';
import type { TestApp } from './test-app.ts';
import { startStandIns, type StandIns } from '../stand-ins/index.ts';

export const QUEST_API = API;

/**
 * Runs the X, Discord and Telegram stand-ins around a test file. `env` gains the
 * settings that point at them before the first test, so pass it to useTestApp.
 */
export function useStandIns(env: Record<string, string> = {}) {
  const used = { env, standIns: undefined as unknown as StandIns };
  beforeAll(async () => {
    used.standIns = await startStandIns();
    Object.assign(env, used.standIns.env);
  });
  afterAll(() => used.standIns.close());
  return used;
}

/** Links a new X account of the stand-in to the person; answers the account. */
export async function connectX(t: TestApp, person: SignedIn, standIns: StandIns, name?: string) {
  const { account, token, tokenSecret } = standIns.x.createAccount(name);
  const response = await linkWithState(t, person, '/auth/twitter/link', {
    id: account.id,
    username: account.screenName,
    displayName: account.name,
    provider: 'twitter',
    oauth_token: token,
    oauth_token_secret: tokenSecret,
  });
  expect(response.statusCode, response.body).toBe(200);
  return account;
}

/** Links a new Discord account of the stand-in to the person; answers the account. */
export async function connectDiscord(t: TestApp, person: SignedIn, standIns: StandIns) {
  const { account, accessToken } = standIns.discord.createAccount();
  const response = await linkWithState(t, person, '/auth/discord/link', {
    id: account.id,
    username: account.username,
    provider: 'discord',
    discordAccessToken: accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return account;
}

let telegramIds = 5_000;

/** Links a Telegram account through a correctly signed widget result. */
export async function connectTelegram(t: TestApp, person: SignedIn, standIns: StandIns) {
  telegramIds += 1;
  const user = {
    id: telegramIds,
    first_name: 'Tele',
    last_name: 'Gram',
    username: `tg_${telegramIds}`,
  };
  const login = standIns.telegram.loginResult(user, Math.floor(t.clock.now().getTime() / 1000));
  const response = await linkWithState(t, person, '/auth/telegram/link', login);
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

/** The channel the tests name when they ask for an operator's check of a YouTube subscription. */
export const TEST_YOUTUBE_CHANNEL = '@netpulse_fan';

/**
 * The quest's verify call. YouTube's, as the page sends it when an operator checks
 * subscriptions, names the person's channel unless the test gives its own body.
 */
export function verifyQuest(
  t: TestApp,
  person: SignedIn,
  key: SocialQuestKey,
  payload: object | undefined = key === 'youtubeSubscribe'
    ? { channel: TEST_YOUTUBE_CHANNEL }
    : undefined,
) {
  const quest = SOCIAL_QUESTS[key];
  if (!('verify' in quest)) throw new Error(`${key} has no verify call`);
  return call(t, person, quest.verify.method, quest.verify.path, payload ? { payload } : {});
}

/** The quest's claim call. */
export function claimQuest(t: TestApp, person: SignedIn, key: SocialQuestKey) {
  return call(t, person, 'POST', SOCIAL_QUESTS[key].claimPath);
}

/** A one-time state for the person's session, as the page asks for one before a login. */
export async function loginState(
  t: TestApp,
  person: SignedIn,
  platform: 'x' | 'discord' | 'telegram' | 'youtube',
): Promise<string> {
  const response = await call(t, person, 'POST', SOCIAL_STATE_PATH, { payload: { platform } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.state;
}

const LINK_PLATFORMS = {
  '/auth/twitter/link': 'x',
  '/auth/discord/link': 'discord',
  '/auth/telegram/link': 'telegram',
} as const;

/** A link call as the page makes it: the login's result with a state issued to this session. */
export async function linkWithState(
  t: TestApp,
  person: SignedIn,
  path: keyof typeof LINK_PLATFORMS,
  payload: object,
) {
  const state = await loginState(t, person, LINK_PLATFORMS[path]);
  return call(t, person, 'POST', path, { payload: { ...payload, state } });
}
