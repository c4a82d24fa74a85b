/**
 * The Sessions list (issue 29): every browser signed in to the account, by browser and
 * network (never the address), the most recently used first; one ended, or all but this one.
 * An ended session's tokens stop working at once on this server.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACCOUNT_VALIDATION, SERVER_MESSAGES } from '@netpulse/shared';
import {
  accountCall,
  browser,
  CHROME_ON_WINDOWS,
  FIREFOX_ON_LINUX,
  SAFARI_ON_IOS,
  sessionIn,
  type BrowserSession,
} from '../helpers/account.ts';
import { profile, refresh, refreshCookieOf, signUpVerified } from '../helpers/auth-flow.ts';
import { heartbeat, signedInNode } from '../helpers/nodes.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const MINUTE = 60_000;

async function sessionsOf(session: BrowserSession) {
  const response = await accountCall(t, session, 'GET', '/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: string;
    browser: string;
    network: string | null;
    created_at: string;
    last_used_at: string;
    current: boolean;
  }[];
}

/** A person signed in from Chrome on Windows, then Firefox on Linux over IPv6, five minutes apart. */
async function twoBrowsers() {
  const person = await signUpVerified(t);
  const chrome = await sessionIn(t, person, browser(CHROME_ON_WINDOWS, '203.0.113.7'));
  t.clock.advance(5 * MINUTE);
  const firefox = await sessionIn(t, person, browser(FIREFOX_ON_LINUX, '2001:db8:1:2::5'));
  return { person, chrome, firefox };
}

describe('GET /v1/api/account/sessions', () => {
  it('lists each browser by name and network, never the address, the most recently used first', async () => {
    const { chrome, firefox } = await twoBrowsers();
    const chromeSignedInAt = '2026-03-10T12:00:00.000Z';
    const firefoxSignedInAt = '2026-03-10T12:05:00.000Z';

    const listed = await sessionsOf(chrome);
    expect(listed).toEqual([
      {
        id: expect.any(String),
        browser: 'Firefox on Linux',
        network: '2001:db8:1::/48',
        created_at: firefoxSignedInAt,
        last_used_at: firefoxSignedInAt,
        current: false,
      },
      {
        id: expect.any(String),
        browser: 'Chrome on Windows',
        network: '203.0.113.0/24',
        created_at: chromeSignedInAt,
        last_used_at: chromeSignedInAt,
        current: true,
      },
    ]);
    const body = JSON.stringify(listed);
    expect(body).not.toContain('203.0.113.7');
    expect(body).not.toContain('2001:db8:1:2::5');

    // A refresh is a use: Chrome comes first now, and each browser sees itself as current.
    t.clock.advance(10 * MINUTE);
    const refreshed = await refresh(t, chrome.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const afterUse = await sessionsOf({
      ...chrome,
      accessToken: refreshed.json().data.accessToken,
    });
    expect(
      afterUse.map(({ browser, current, last_used_at }) => ({ browser, current, last_used_at })),
    ).toEqual([
      { browser: 'Chrome on Windows', current: true, last_used_at: '2026-03-10T12:15:00.000Z' },
      { browser: 'Firefox on Linux', current: false, last_used_at: firefoxSignedInAt },
    ]);
    expect(
      (await sessionsOf(firefox)).map(({ browser, current }) => ({ browser, current })),
    ).toEqual([
      { browser: 'Chrome on Windows', current: false },
      { browser: 'Firefox on Linux', current: true },
    ]);
  });

  it('names each browser in the account’s language', async () => {
    const { chrome } = await twoBrowsers();
    const saved = await accountCall(t, chrome, 'PATCH', '/preferences', {
      payload: { locale: 'es' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sessionsOf(chrome)).map((session) => session.browser).sort()).toEqual([
      'Chrome en Windows',
      'Firefox en Linux',
    ]);
  });

  it("lists only the account's live browser sessions: no node, no ended one, nobody else's", async () => {
    const { person, chrome, firefox } = await twoBrowsers();
    await signedInNode(t, chrome);
    const stranger = await signUpVerified(t);
    await sessionIn(t, stranger, browser(SAFARI_ON_IOS, '198.51.100.3'));
    await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/logout',
      cookies: { refresh_token: firefox.refreshToken },
    });
    expect((await sessionsOf(chrome)).map((session) => session.browser)).toEqual([
      'Chrome on Windows',
    ]);
    expect(person.username).not.toBe(stranger.username);
  });
});

describe('DELETE /v1/api/account/sessions/:id', () => {
  it('signs another browser out at once: its access token and its refresh cookie', async () => {
    const { chrome, firefox } = await twoBrowsers();
    const [firefoxRow] = await sessionsOf(chrome);
    expect((await profile(t, firefox.accessToken)).statusCode).toBe(200);

    const ended = await accountCall(t, chrome, 'DELETE', `/sessions/${firefoxRow!.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
    expect(refreshCookieOf(ended)).toBeUndefined();
    expect((await profile(t, firefox.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, firefox.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, chrome.accessToken)).statusCode).toBe(200);
    expect((await sessionsOf(chrome)).map((session) => session.browser)).toEqual([
      'Chrome on Windows',
    ]);
    // Once ended, the same id is not found.
    const again = await accountCall(t, chrome, 'DELETE', `/sessions/${firefoxRow!.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('signs this browser out when it ends its own session, and clears its cookie', async () => {
    const { chrome } = await twoBrowsers();
    const own = (await sessionsOf(chrome)).find((session) => session.current)!;
    const ended = await accountCall(t, chrome, 'DELETE', `/sessions/${own.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.signedOutHere });
    expect(refreshCookieOf(ended)).toMatchObject({ value: '', path: '/v1/api/auth' });
    expect((await profile(t, chrome.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, chrome.refreshToken)).statusCode).toBe(401);
  });

  it("answers 404 alike for another account's session, a node's session and an unknown id", async () => {
    const { chrome } = await twoBrowsers();
    const node = await signedInNode(t, chrome);
    const stranger = await signUpVerified(t);
    const strangers = await sessionIn(t, stranger, browser(SAFARI_ON_IOS, '198.51.100.3'));
    const [strangersRow] = await sessionsOf(strangers);
    const nodeSessionId = JSON.parse(
      Buffer.from(node.accessToken.split('.')[1]!, 'base64url').toString(),
    ).sid as string;

    const notFound = { success: false, message: ACCOUNT_MESSAGES.sessionNotFound };
    for (const id of [strangersRow!.id, nodeSessionId, '00000000-0000-4000-8000-000000000000']) {
      const response = await accountCall(t, chrome, 'DELETE', `/sessions/${id}`);
      expect({ id, status: response.statusCode, body: response.json() }).toEqual({
        id,
        status: 404,
        body: notFound,
      });
    }
    // Nothing ended: the stranger and the node go on.
    expect((await profile(t, strangers.accessToken)).statusCode).toBe(200);
    expect((await heartbeat(t, node)).statusCode).toBe(200);

    const malformed = await accountCall(t, chrome, 'DELETE', '/sessions/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: { id: [ACCOUNT_VALIDATION.sessionIdInvalid] },
    });
  });
});

describe('DELETE /v1/api/account/sessions', () => {
  it('signs every other browser out and keeps this one and the extension', async () => {
    const { person, chrome, firefox } = await twoBrowsers();
    const safari = await sessionIn(t, person, browser(SAFARI_ON_IOS, '198.51.100.3'));
    const node = await signedInNode(t, chrome);

    const ended = await accountCall(t, chrome, 'DELETE', '/sessions');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.otherSessionsEnded,
      data: { ended: 2 },
    });
    for (const other of [firefox, safari]) {
      expect((await profile(t, other.accessToken)).statusCode).toBe(401);
      expect((await refresh(t, other.refreshToken)).statusCode).toBe(401);
    }
    expect((await profile(t, chrome.accessToken)).statusCode).toBe(200);
    expect((await heartbeat(t, node)).statusCode).toBe(200);

    const none = await accountCall(t, chrome, 'DELETE', '/sessions');
    expect(none.json().data).toEqual({ ended: 0 });
  });

  it("refuses the extension's node session (403): the list is the website's", async () => {
    const { chrome } = await twoBrowsers();
    const node = await signedInNode(t, chrome);
    for (const [method, path] of [
      ['GET', '/sessions'],
      ['DELETE', '/sessions'],
    ] as const) {
      const response = await accountCall(t, node, method, path);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SERVER_MESSAGES.nodeSessionForbidden);
    }
    expect((await profile(t, chrome.accessToken)).statusCode).toBe(200);
  });
});
