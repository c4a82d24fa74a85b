/**
 * The platform logins' start and return addresses are opened by the browser itself
 * (a new tab, a redirect back from the platform, /discord-auth): their errors are a
 * readable page with a way back to /quests, never the JSON envelope (issue 14).
 */
import { describe, expect, it } from 'vitest';
import { QUEST_MESSAGES } from '@netpulse/shared';
import { useTestApp } from '../helpers/test-app.ts';

// No platform credentials: every platform answers that it is not configured.
const t = useTestApp();

describe('the pages a browser opens for a platform login', () => {
  it.each([
    ['Discord', '/v1/api/auth/discord/callback?accessToken=abc'],
    ['Discord', '/v1/api/auth/discord/login'],
    ['X', '/v1/api/auth/twitter/login'],
    ['X', '/v1/api/auth/twitter/callback?oauth_token=a&oauth_verifier=b'],
    ['YouTube', '/v1/api/auth/youtube/login'],
    ['YouTube', '/v1/api/auth/youtube/callback?code=a&state=b'],
  ])('%s not configured: %s is a page saying so, with a way back', async (platform, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!doctype html>/i);
    expect(response.body).toContain(`<title>${platform} sign-in`);
    expect(response.body).toContain(QUEST_MESSAGES.notConfigured(platform));
    expect(response.body).toContain('href="/quests"');
    expect(response.body).not.toContain('"success"');
  });

  it("shows a request's field errors, escaped", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/auth/discord/callback' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(QUEST_MESSAGES.accessTokenMissing);

    const hostile = await t.app.inject({
      method: 'GET',
      url: `/v1/api/auth/twitter/callback?oauth_token=${'<b>'.repeat(200)}`,
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<b>');
  });

  it('leaves the API calls of the same platforms as JSON envelopes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/discord/link',
      payload: {},
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
