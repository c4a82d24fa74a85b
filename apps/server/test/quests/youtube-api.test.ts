/**
 * The subscribe quest with the YouTube Data API configured (against the Google
 * stand-in): Google's consent returns to /quests with an access token, the
 * check believes only what YouTube says for that token's viewer, and the
 * claim follows. Without the API an operator reviews instead
 * (social-checks-and-claims.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEST_MESSAGE_TEMPLATES, QUEST_MESSAGES } from '@netpulse/shared';
import { profile, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { call } from '../helpers/points.ts';
import { claimQuest, loginState, useStandIns } from '../helpers/quests.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

const platforms = useStandIns();
const env: Record<string, string> = {};
// Registered after useStandIns' own, so it runs once they listen, before the first app starts.
beforeAll(() => {
  Object.assign(env, platforms.env, platforms.standIns.youtube.env);
});
const t = useTestApp({ env });

const youtubeState = async (person: SignedIn) =>
  (await profile(t, person.accessToken)).json().data.is_youtube_verifying;
/** The check as the page posts it: a sign-in's token goes with a state of this session. */
const check = async (person: SignedIn, accessToken?: string, state?: string) =>
  call(t, person, 'POST', '/auth/youtube/check', {
    payload:
      accessToken === undefined
        ? {}
        : { accessToken, state: state ?? (await loginState(t, person, 'youtube')) },
  });

/** Google's consent as a browser goes through it: our login, the consent page, our callback. */
async function consent(person: SignedIn): Promise<URL> {
  const state = await loginState(t, person, 'youtube');
  const login = await t.app.inject({
    method: 'GET',
    url: `/v1/api/auth/youtube/login?state=${state}`,
  });
  expect(login.statusCode).toBe(302);
  const consentPage = await fetch(String(login.headers.location), { redirect: 'manual' });
  expect(consentPage.status).toBe(302);
  const callback = new URL(consentPage.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/v1/api/auth/youtube/callback');
  const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(back.statusCode, back.body).toBe(302);
  return new URL(String(back.headers.location));
}

describe('YouTube with the Data API configured', () => {
  it('publishes that Verify signs in with YouTube', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/v1/api/config' });
    expect(config.json().data.youtubeSignIn).toBe(true);
  });

  it('consents, returns to /quests with a token, verifies the subscription and claims once', async () => {
    const person = await signedInPerson(t);
    const quests = await consent(person);
    expect(`${quests.origin}${quests.pathname}`).toBe('http://localhost:8080/quests');
    expect(quests.searchParams.get('provider')).toBe('youtube');
    const accessToken = quests.searchParams.get('accessToken') ?? '';
    expect(accessToken).not.toBe('');
    const state = quests.searchParams.get('state') ?? '';

    // Someone else's sign-in, sent to this person as a link, checks nothing.
    const someoneElse = await signedInPerson(t);
    const theirs = await consent(someoneElse);
    const crafted = await check(
      person,
      theirs.searchParams.get('accessToken') ?? '',
      theirs.searchParams.get('state') ?? '',
    );
    expect(crafted.statusCode).toBe(403);
    expect(crafted.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.loginNotStartedHere, { platform: 'YouTube' }),
    );
    expect(await youtubeState(person)).toBe('false');
    const withoutState = await call(t, person, 'POST', '/auth/youtube/check', {
      payload: { accessToken },
    });
    expect(withoutState.statusCode).toBe(403);

    const verified = await check(person, accessToken, state);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      message: QUEST_MESSAGES.verified,
      data: { verified: true },
    });
    expect(await youtubeState(person)).toBe('verified');
    expect((await check(person, accessToken)).statusCode).toBe(409);
    const claims = await Promise.all(
      [1, 2, 3].map(() => claimQuest(t, person, 'youtubeSubscribe')),
    );
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('answers not subscribed yet, and verifies once the viewer subscribes', async () => {
    const person = await signedInPerson(t);
    const { viewer, accessToken } = platforms.standIns.youtube.createViewer(false);
    const notYet = await check(person, accessToken);
    expect(notYet.statusCode).toBe(200);
    expect(notYet.json()).toMatchObject({
      message: QUEST_MESSAGES.notSubscribed,
      data: { verified: false },
    });
    expect(await youtubeState(person)).toBe('false');
    expect((await claimQuest(t, person, 'youtubeSubscribe')).statusCode).toBe(409);

    viewer.subscriptions.add(platforms.standIns.youtube.settings.channelId);
    expect((await check(person, accessToken)).json().data).toEqual({ verified: true });
  });

  it('refuses a check without a token, with a forged token, and a replayed callback, changing nothing', async () => {
    const person = await signedInPerson(t);
    const withoutToken = await check(person);
    expect(withoutToken.statusCode).toBe(409);
    expect(withoutToken.json().message).toBe(QUEST_MESSAGES.youtubeSignInFirst);
    const forged = await check(person, 'ya29.made-up');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'YouTube' }),
    );
    expect(await youtubeState(person)).toBe('false');

    const unknownState = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/youtube/callback?code=4/abc&state=not-ours',
    });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json().message).toBe(
      english(QUEST_MESSAGE_TEMPLATES.loginExpired, { platform: 'YouTube' }),
    );
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/youtube/callback?error=access_denied',
    });
    expect(cancelled.headers.location).toBe('http://localhost:8080/quests');
  });

  it('answers 503 for the YouTube sign-in when no Google client is configured', async () => {
    const bare = await createTestApp({ env: platforms.env });
    try {
      const login = await bare.app.inject({
        method: 'GET',
        url: '/v1/api/auth/youtube/login?state=s',
      });
      expect(login.statusCode).toBe(503);
      expect(login.json().message).toBe('YouTube is not configured on this server');
      const config = await bare.app.inject({ method: 'GET', url: '/v1/api/config' });
      expect(config.json().data.youtubeSignIn).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
