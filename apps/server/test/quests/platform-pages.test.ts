/**
 * The platform logins' start and return addresses are opened by the browser itself
 * (a new tab, a redirect back from the platform, /discord-auth): their errors are a
 * readable page with a way back to /quests, never the JSON envelope (issue 14).
 */
import { describe, expect, it } from 'vitest';
import { QUEST_MESSAGE_TEMPLATES, QUEST_MESSAGES } from '@netpulse/shared';
import { useTestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

// No platform credentials: every platform answers that it is not configured.
const t = useTestApp();

/** What Chromium asks for when it navigates. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};
const open = (url: string) => t.app.inject({ method: 'GET', url, headers: NAVIGATION });

describe('the pages a browser opens for a platform login', () => {
  it.each([
    ['Discord', '/v1/api/auth/discord/callback?accessToken=abc&state=s'],
    // A start address carries the one-time state the page was issued (login-state.ts).
    ['Discord', '/v1/api/auth/discord/login?state=s'],
    ['X', '/v1/api/auth/twitter/login?state=s'],
    ['X', '/v1/api/auth/twitter/callback?oauth_token=a&oauth_verifier=b'],
    ['YouTube', '/v1/api/auth/youtube/login?state=s'],
    ['YouTube', '/v1/api/auth/youtube/callback?code=a&state=b'],
  ])('%s not configured: %s is a page saying so, with a way back', async (platform, url) => {
    const response = await open(url);
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!doctype html>/i);
    expect(response.body).toContain(`<title>${platform} sign-in`);
    expect(response.body).toContain(
      english(QUEST_MESSAGE_TEMPLATES.notConfigured, { platform: platform }),
    );
    expect(response.body).toContain('href="/quests"');
    expect(response.body).not.toContain('"success"');
  });

  it("shows a request's field errors, escaped", async () => {
    const response = await open('/v1/api/auth/discord/callback');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(QUEST_MESSAGES.accessTokenMissing);

    const withoutState = await open('/v1/api/auth/discord/login');
    expect(withoutState.statusCode).toBe(400);
    expect(withoutState.headers['content-type']).toMatch(/^text\/html/);
    expect(withoutState.body).toContain(QUEST_MESSAGES.loginStateMissing);

    const hostile = await open(`/v1/api/auth/twitter/callback?oauth_token=${'<b>'.repeat(200)}`);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<b>');
  });

  it('answers a script that does not ask for HTML, and the API calls, with the envelope', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/discord/login?state=s',
    });
    expect(script.statusCode).toBe(503);
    expect(script.json()).toEqual({
      success: false,
      message: english(QUEST_MESSAGE_TEMPLATES.notConfigured, { platform: 'Discord' }),
    });
    const link = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/discord/link',
      headers: NAVIGATION,
      payload: {},
    });
    expect(link.headers['content-type']).toMatch(/^application\/json/);
  });
});
