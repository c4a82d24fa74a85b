/**
 * Linking X, Discord and Telegram against the stand-ins (docs/ARCHITECTURE.md
 * section 5): the logins end on /quests with the spec's parameters, a link is
 * believed only when the platform confirms the identity, an account links to
 * one user, and a platform without credentials answers 503.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUEST_MESSAGE_TEMPLATES, QUEST_MESSAGES } from '@netpulse/shared';
import { socialAccounts } from '../../src/db/tables/quests-tables.ts';
import { logIn, profile, refresh, signedInPerson } from '../helpers/auth-flow.ts';
import { call } from '../helpers/points.ts';
import { connectDiscord, linkWithState, loginState, useStandIns } from '../helpers/quests.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

const platforms = useStandIns();
const t = useTestApp({ env: platforms.env });

const flagsOf = async (person: { accessToken: string }) =>
  (await profile(t, person.accessToken)).json().data;
const linkedAccounts = (app: TestApp) => app.database.db.select().from(socialAccounts);

/** Follows a redirect to a stand-in page as the browser would, answering where it sends us. */
async function browserFollows(location: string): Promise<string> {
  const response = await fetch(location, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

describe('X', () => {
  it('logs in through X and links the account X confirms', async () => {
    const person = await signedInPerson(t);
    const state = await loginState(t, person, 'x');
    const login = await t.app.inject({
      method: 'GET',
      url: `/v1/api/auth/twitter/login?state=${state}`,
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toMatch(
      new RegExp(`^${platforms.standIns.x.url}/oauth/authenticate\\?oauth_token=`),
    );

    const callback = new URL(await browserFollows(String(login.headers.location)));
    expect(callback.pathname).toBe('/v1/api/auth/twitter/callback');
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(back.statusCode).toBe(302);
    const quests = new URL(String(back.headers.location));
    expect(`${quests.origin}${quests.pathname}`).toBe('http://localhost:8080/quests');
    const params = Object.fromEntries(quests.searchParams);
    expect(params).toMatchObject({
      provider: 'twitter',
      id: expect.stringMatching(/^\d+$/),
      username: expect.any(String),
      displayName: expect.any(String),
      oauth_token: expect.any(String),
      oauth_token_secret: expect.any(String),
      state,
    });

    const linked = await call(t, person, 'POST', '/auth/twitter/link', { payload: params });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({
      platform: 'x',
      accountId: params.id,
      username: params.username,
    });
    expect((await flagsOf(person)).is_x_connected).toBe(true);
    // The callback is single-use: the request token is gone.
    const replay = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.loginExpired, { platform: 'X' }),
    );
  });

  it('returns a cancelled login to /quests with nothing', async () => {
    const back = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/twitter/callback?denied=abc',
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('http://localhost:8080/quests');
  });

  it("refuses another account's id with one's own tokens, and made-up tokens, changing nothing", async () => {
    const person = await signedInPerson(t);
    const mine = platforms.standIns.x.createAccount();
    const someoneElse = platforms.standIns.x.createAccount();
    const forgedId = await linkWithState(t, person, '/auth/twitter/link', {
      id: someoneElse.account.id,
      username: 'victim',
      oauth_token: mine.token,
      oauth_token_secret: mine.tokenSecret,
    });
    expect(forgedId.statusCode).toBe(403);
    expect(forgedId.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }),
    );
    const madeUp = await linkWithState(t, person, '/auth/twitter/link', {
      id: mine.account.id,
      username: 'me',
      oauth_token: 'made-up',
      oauth_token_secret: 'made-up',
    });
    expect(madeUp.statusCode).toBe(403);
    expect((await flagsOf(person)).is_x_connected).toBe(false);
    expect(await linkedAccounts(t)).toEqual([]);
  });

  it('links an account to one user only, and one account per user', async () => {
    const first = await signedInPerson(t);
    const second = await signedInPerson(t);
    const { account, token, tokenSecret } = platforms.standIns.x.createAccount();
    const payload = {
      id: account.id,
      username: account.screenName,
      oauth_token: token,
      oauth_token_secret: tokenSecret,
    };
    expect((await linkWithState(t, first, '/auth/twitter/link', payload)).statusCode).toBe(200);
    // The same account again renews its tokens.
    expect((await linkWithState(t, first, '/auth/twitter/link', payload)).statusCode).toBe(200);
    const taken = await linkWithState(t, second, '/auth/twitter/link', payload);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.accountTaken, { platform: 'X', productName: 'Netpulse' }),
    );
    expect((await flagsOf(second)).is_x_connected).toBe(false);

    const other = platforms.standIns.x.createAccount();
    const swap = await linkWithState(t, first, '/auth/twitter/link', {
      id: other.account.id,
      username: 'x',
      oauth_token: other.token,
      oauth_token_secret: other.tokenSecret,
    });
    expect(swap.statusCode).toBe(409);
    expect(swap.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.otherAccountLinked, { platform: 'X' }),
    );
  });

  it('keeps the tokens sealed in the database', async () => {
    const person = await signedInPerson(t);
    const { account, token, tokenSecret } = platforms.standIns.x.createAccount();
    await linkWithState(t, person, '/auth/twitter/link', {
      id: account.id,
      username: account.screenName,
      oauth_token: token,
      oauth_token_secret: tokenSecret,
    });
    const [row] = await linkedAccounts(t);
    expect(row?.sealedTokens).toBeTruthy();
    expect(row?.sealedTokens).not.toContain(token);
    expect(row?.sealedTokens).not.toContain(tokenSecret);
  });

  it('answers 400 with a message per field for a malformed link', async () => {
    const person = await signedInPerson(t);
    const response = await linkWithState(t, person, '/auth/twitter/link', { id: 5 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['id', 'username', 'oauth_token', 'oauth_token_secret']),
    );
  });
});

describe('Discord', () => {
  it('logs in through /discord-auth and links the account Discord confirms', async () => {
    const person = await signedInPerson(t);
    const state = await loginState(t, person, 'discord');
    const login = await t.app.inject({
      method: 'GET',
      url: `/v1/api/auth/discord/login?state=${state}`,
    });
    expect(login.statusCode).toBe(302);
    const authorize = new URL(String(login.headers.location));
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: platforms.standIns.discord.settings.clientId,
      response_type: 'token',
      redirect_uri: 'http://localhost:8080/discord-auth',
      scope: 'identify',
      state,
    });
    const discordAuth = new URL(await browserFollows(authorize.toString()));
    expect(discordAuth.pathname).toBe('/discord-auth');
    const returned = new URLSearchParams(discordAuth.hash.slice(1));
    const accessToken = returned.get('access_token') ?? '';
    expect(returned.get('state')).toBe(state);

    const back = await t.app.inject({
      method: 'GET',
      url: `/v1/api/auth/discord/callback?accessToken=${accessToken}&state=${state}`,
    });
    expect(back.statusCode).toBe(302);
    const quests = new URL(String(back.headers.location));
    expect(quests.pathname).toBe('/quests');
    const params = Object.fromEntries(quests.searchParams);
    expect(params).toMatchObject({
      provider: 'discord',
      accessToken,
      id: expect.any(String),
      username: expect.any(String),
      state,
    });

    const linked = await call(t, person, 'POST', '/auth/discord/link', {
      payload: {
        id: params.id,
        username: params.username,
        avatar: params.avatar,
        provider: 'discord',
        discordAccessToken: accessToken,
        state: params.state,
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await flagsOf(person)).toMatchObject({
      is_discord_connected: true,
      is_discord_verified: true,
    });
  });

  it('refuses a token with someone else’s id, an unknown token and a missing one', async () => {
    const person = await signedInPerson(t);
    const mine = platforms.standIns.discord.createAccount();
    const other = platforms.standIns.discord.createAccount();
    const forged = await linkWithState(t, person, '/auth/discord/link', {
      id: other.account.id,
      username: 'victim',
      discordAccessToken: mine.accessToken,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'Discord' }),
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/discord/callback?accessToken=nope&state=s',
    });
    expect(unknown.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/discord/callback?state=s',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.accessToken).toEqual([QUEST_MESSAGES.accessTokenMissing]);
    expect((await flagsOf(person)).is_discord_connected).toBe(false);
    const rows = await t.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.platform, 'discord'));
    expect(rows).toEqual([]);
  });

  it('connects through the helper used by the other tests', async () => {
    const person = await signedInPerson(t);
    await connectDiscord(t, person, platforms.standIns);
    expect((await flagsOf(person)).is_discord_connected).toBe(true);
  });
});

describe('Telegram', () => {
  const user = { id: 9001, first_name: 'Tele', username: 'tele_9001' };

  it('links a widget result signed with the bot token', async () => {
    const person = await signedInPerson(t);
    const login = platforms.standIns.telegram.loginResult(
      user,
      Math.floor(t.clock.now().getTime() / 1000),
    );
    const response = await linkWithState(t, person, '/auth/telegram/link', login);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      platform: 'telegram',
      accountId: '9001',
      username: 'tele_9001',
    });
    expect((await flagsOf(person)).is_telegram_connected).toBe(true);
  });

  it('refuses a result signed with another token, a changed one and a stale one', async () => {
    const person = await signedInPerson(t);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = platforms.standIns.telegram.loginResult(user, now, '999:not-our-bot');
    const changed = { ...platforms.standIns.telegram.loginResult(user, now), id: 9002 };
    const stale = platforms.standIns.telegram.loginResult(user, now - 2 * 24 * 3600);
    for (const payload of [forged, changed, stale]) {
      const response = await linkWithState(t, person, '/auth/telegram/link', payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        english(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'Telegram' }),
      );
    }
    const malformed = await linkWithState(t, person, '/auth/telegram/link', {
      ...forged,
      hash: 'not hex',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await flagsOf(person)).is_telegram_connected).toBe(false);
  });
});

describe('the state that binds a login to the session that started it', () => {
  /** The attacker's own X login, up to its return to /quests: the link a victim is sent. */
  async function craftedXReturn(attacker: Awaited<ReturnType<typeof signedInPerson>>) {
    const state = await loginState(t, attacker, 'x');
    const login = await t.app.inject({
      method: 'GET',
      url: `/v1/api/auth/twitter/login?state=${state}`,
    });
    const callback = new URL(await browserFollows(String(login.headers.location)));
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    return Object.fromEntries(new URL(String(back.headers.location)).searchParams);
  }

  it("a crafted return carrying someone else's login links nothing to the victim", async () => {
    const attacker = await signedInPerson(t);
    const victim = await signedInPerson(t);
    const params = await craftedXReturn(attacker);
    const response = await call(t, victim, 'POST', '/auth/twitter/link', { payload: params });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: english(QUEST_MESSAGE_TEMPLATES.loginNotStartedHere, { platform: 'X' }),
    });
    expect((await flagsOf(victim)).is_x_connected).toBe(false);
    expect(await linkedAccounts(t)).toEqual([]);
  });

  it('a state is taken once, only by its session, for its platform, within 15 minutes', async () => {
    const person = await signedInPerson(t);
    const params = await craftedXReturn(person);
    const ok = await call(t, person, 'POST', '/auth/twitter/link', { payload: params });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await call(t, person, 'POST', '/auth/twitter/link', { payload: params });
    expect(replay.statusCode).toBe(403);

    const discord = platforms.standIns.discord.createAccount();
    const discordBody = {
      id: discord.account.id,
      username: discord.account.username,
      discordAccessToken: discord.accessToken,
    };
    const link = (state: string, who = person) =>
      call(t, who, 'POST', '/auth/discord/link', { payload: { ...discordBody, state } });
    // Another session of the same person, or someone else's: a state is its session's only.
    const secondLogin = await logIn(t, person.username, person.password);
    const otherSession = { ...person, accessToken: secondLogin.json().data.accessToken };
    expect((await link(await loginState(t, otherSession, 'discord'))).statusCode).toBe(403);
    const someoneElse = await signedInPerson(t);
    expect((await link(await loginState(t, someoneElse, 'discord'))).statusCode).toBe(403);
    expect((await link(await loginState(t, person, 'x'))).statusCode).toBe(403);
    expect((await link('made-up')).statusCode).toBe(403);
    const late = await loginState(t, person, 'discord');
    t.clock.advance(15 * 60_000 + 1000);
    // The same session, its access token renewed by the refresh cookie.
    const renewed = await refresh(t, person.refreshToken);
    person.accessToken = renewed.json().data.accessToken;
    expect((await link(late)).statusCode).toBe(403);
    expect((await flagsOf(person)).is_discord_connected).toBe(false);
    const missing = await call(t, person, 'POST', '/auth/discord/link', { payload: discordBody });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.state).toEqual(['state is required']);
    expect((await link(await loginState(t, person, 'discord'))).statusCode).toBe(200);
  });

  it('a login cannot start without a state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/auth/twitter/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.state).toEqual([QUEST_MESSAGES.loginStateMissing]);
  });
});

describe('a server without platform credentials', () => {
  it('answers 503 naming the platform for logins, links and checks, and says so publicly', async () => {
    const bare = await createTestApp();
    try {
      const person = await signedInPerson(bare);
      const answers = [
        [await bare.app.inject({ method: 'GET', url: '/v1/api/auth/twitter/login?state=s' }), 'X'],
        [
          await bare.app.inject({ method: 'GET', url: '/v1/api/auth/discord/login?state=s' }),
          'Discord',
        ],
        [await call(bare, person, 'POST', '/auth/twitter/checkfollows'), 'X'],
        [await call(bare, person, 'GET', '/auth/discord/check'), 'Discord'],
        [await call(bare, person, 'POST', '/auth/telegram/check'), 'Telegram'],
        [
          await linkWithState(
            bare,
            person,
            '/auth/telegram/link',
            platforms.standIns.telegram.loginResult(
              { id: 77, first_name: 'Unconfigured' },
              1_700_000_000,
            ),
          ),
          'Telegram',
        ],
      ] as const;
      for (const [response, platform] of answers) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({
          success: false,
          message: `${platform} is not configured on this server`,
        });
      }
      const config = await bare.app.inject({ method: 'GET', url: '/v1/api/config' });
      expect(config.json().data.questPlatforms).toEqual({
        x: false,
        discord: false,
        telegram: false,
        youtube: true,
      });
    } finally {
      await bare.close();
    }
  });
});
