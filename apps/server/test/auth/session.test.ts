import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { refreshFamilies, refreshTokens } from '../../src/db/tables/auth-tables.ts';
import { hashToken } from '../../src/lib/random-codes.ts';
import { AUTH, profile, refresh, refreshCookieOf, signedInPerson } from '../helpers/auth-flow.ts';
import { authState } from '../helpers/database.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { EXTENSION_ID: 'abcdefghijklmnopabcdefghijklmnop' } });

const DAY = 24 * 3600_000;
const refreshInvalid = { success: false, message: SERVER_MESSAGES.refreshInvalid };
const forbiddenOrigin = { success: false, message: SERVER_MESSAGES.forbiddenOrigin };

function expectCookieCleared(response: Awaited<ReturnType<typeof refresh>>) {
  const cookie = refreshCookieOf(response);
  expect(cookie?.value).toBe('');
  expect(cookie?.path).toBe('/v1/api/auth');
  expect(cookie?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
}

const logout = (refreshToken: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}/logout`,
    headers,
    cookies: refreshToken === undefined ? {} : { refresh_token: refreshToken },
  });

describe('POST /refresh-token', () => {
  it('rotates the token: a new access token, a new cookie living as long as the session has left', async () => {
    const person = await signedInPerson(t);
    t.clock.advance(DAY);
    const response = await refresh(t, person.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: SERVER_MESSAGES.refreshed,
      data: { accessToken: expect.any(String) },
    });
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/v1/api/auth',
      maxAge: 29 * 24 * 3600,
    });
    expect(cookie?.value).not.toBe(person.refreshToken);

    expect((await profile(t, response.json().data.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, cookie?.value)).statusCode).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const person = await signedInPerson(t);
    const rows = await t.database.db.select().from(refreshTokens);
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(person.refreshToken)]);
    expect(JSON.stringify(await authState(t.database))).not.toContain(person.refreshToken);
  });

  it('gives a second tab racing within 30 seconds an access token but no new cookie', async () => {
    const person = await signedInPerson(t);
    const firstTab = await refresh(t, person.refreshToken);
    expect(firstTab.statusCode).toBe(200);
    t.clock.advance(30_000);
    const secondTab = await refresh(t, person.refreshToken);
    expect(secondTab.statusCode).toBe(200);
    expect(secondTab.json().data.accessToken).toEqual(expect.any(String));
    expect(refreshCookieOf(secondTab)).toBeUndefined();
    // The first tab's cookie, the newest, still works.
    expect((await refresh(t, refreshCookieOf(firstTab)?.value)).statusCode).toBe(200);
  });

  it('gives simultaneous refreshes with one token one rotation and access tokens for all', async () => {
    const person = await signedInPerson(t);
    const responses = await Promise.all([
      refresh(t, person.refreshToken),
      refresh(t, person.refreshToken),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses.filter((r) => refreshCookieOf(r) !== undefined)).toHaveLength(1);
  });

  it('revokes the whole session when a rotated token comes back after the grace', async () => {
    const person = await signedInPerson(t);
    const rotated = await refresh(t, person.refreshToken);
    const newest = refreshCookieOf(rotated)?.value;
    const newestAccess = rotated.json().data.accessToken;
    t.clock.advance(31_000);

    const replay = await refresh(t, person.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(refreshInvalid);
    expectCookieCleared(replay);

    expect((await refresh(t, newest)).statusCode).toBe(401);
    expect((await profile(t, newestAccess)).statusCode).toBe(401);
    const [family] = await t.database.db.select().from(refreshFamilies);
    expect(family).toMatchObject({ revokedReason: 'reuse', revokedAt: t.clock.now() });
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown token', 'x'.repeat(43)],
    ['garbage', '"; drop table users; --'],
  ])('refuses %s and clears the cookie', async (_name, token) => {
    const response = await refresh(t, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refreshInvalid);
    expectCookieCleared(response);
  });

  it('refuses a token whose session is older than 30 days, however often it was rotated', async () => {
    const person = await signedInPerson(t);
    t.clock.advance(29 * DAY);
    const rotated = await refresh(t, person.refreshToken);
    expect(refreshCookieOf(rotated)?.maxAge).toBe(24 * 3600);
    t.clock.advance(DAY);
    const expired = await refresh(t, refreshCookieOf(rotated)?.value);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(refreshInvalid);
  });

  it('refuses a foreign Origin and changes nothing; accepts ours and the extension', async () => {
    const person = await signedInPerson(t);
    const before = await authState(t.database);
    const foreign = await refresh(t, person.refreshToken, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(forbiddenOrigin);
    expect(await authState(t.database)).toEqual(before);

    const ours = await refresh(t, person.refreshToken, { origin: 'http://localhost:8080' });
    expect(ours.statusCode).toBe(200);
    const extension = await refresh(t, refreshCookieOf(ours)?.value, {
      origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
    });
    expect(extension.statusCode).toBe(200);
  });
});

describe('POST /logout', () => {
  it('ends the session: the cookie is cleared and neither token works any more', async () => {
    const person = await signedInPerson(t);
    // Used just before: the server remembers the session as live, and must forget it.
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    const response = await logout(person.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SERVER_MESSAGES.loggedOut });
    expectCookieCleared(response);
    expect((await refresh(t, person.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, person.accessToken)).statusCode).toBe(401);
  });

  it('ends only its own session', async () => {
    const person = await signedInPerson(t);
    const other = await signedInPerson(t);
    await logout(person.refreshToken);
    expect((await profile(t, other.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('answers 200 without a cookie or with an unknown one', async () => {
    expect((await logout(undefined)).statusCode).toBe(200);
    expect((await logout('unknown')).statusCode).toBe(200);
  });

  it('refuses a foreign Origin and keeps the session', async () => {
    const person = await signedInPerson(t);
    const response = await logout(person.refreshToken, { origin: 'null' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbiddenOrigin);
    const [family] = await t.database.db
      .select()
      .from(refreshFamilies)
      .where(eq(refreshFamilies.revokedReason, 'logout'));
    expect(family).toBeUndefined();
    expect((await refresh(t, person.refreshToken)).statusCode).toBe(200);
  });
});
