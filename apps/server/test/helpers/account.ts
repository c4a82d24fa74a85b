/**
 * The account's settings as the Account screen calls them, and sign-ins from named browsers
 * (a user agent, an address, the device cookie the server set), as the Sessions list and the
 * security mails see them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { startSession } from '../../src/modules/auth/session-service.ts';
import { solvedCaptcha } from './captcha.ts';
import { mailsOf, type ReadMail } from './mail.ts';
import { AUTH, PASSWORD, refreshCookieOf, type Person } from './auth-flow.ts';
import type { TestApp } from './test-app.ts';

export const ACCOUNT = '/v1/api/account';

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const FIREFOX_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
export const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser: what it sends (its user agent, its address) and the device cookie it keeps. */
export interface Browser {
  userAgent: string;
  address: string;
  /** Set by the server at the first sign-in, sent back after. */
  deviceCookie?: string;
}

export function browser(userAgent: string, address: string): Browser {
  return { userAgent, address };
}

/** A browser's session: its tokens, as the web app holds them. */
export interface BrowserSession {
  accessToken: string;
  refreshToken: string;
}

/** Logs in from `from`, keeping the device cookie the server sets (as a browser would). */
export async function logInFrom(
  t: TestApp,
  person: Pick<Person, 'username'> & { password?: string },
  from: Browser,
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/login`,
    remoteAddress: from.address,
    headers: { 'user-agent': from.userAgent },
    cookies: from.deviceCookie ? { np_device: from.deviceCookie } : {},
    payload: {
      emailOrUsername: person.username,
      password: person.password ?? PASSWORD,
      captchaResponse: await solvedCaptcha(t.app, from.address),
    },
  });
  const device = response.cookies.find((cookie) => cookie.name === 'np_device');
  if (device) from.deviceCookie = device.value;
  return response;
}

/** Logs in from `from` and answers the session (the login must succeed). */
export async function sessionIn(
  t: TestApp,
  person: Pick<Person, 'username'> & { password?: string },
  from: Browser,
): Promise<BrowserSession> {
  const response = await logInFrom(t, person, from);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('login set no refresh cookie');
  return { accessToken: response.json().data.accessToken, refreshToken: cookie.value };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A call of /v1/api/account with the session's access token, from the browser if given, or
 * from an address alone (no user agent).
 */
export function accountCall(
  t: TestApp,
  session: { accessToken: string },
  method: Method,
  path: string,
  options: { payload?: object; from?: Browser; address?: string | undefined } = {},
): Promise<LightMyRequestResponse> {
  const remoteAddress = options.from?.address ?? options.address;
  return t.app.inject({
    method,
    url: `${ACCOUNT}${path}`,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(options.from ? { 'user-agent': options.from.userAgent } : {}),
    },
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** A public call of an email change's link (it may be opened in any browser). */
export function followEmailLink(
  t: TestApp,
  which: 'confirm' | 'undo',
  token: string,
  from?: Browser,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/email/${which}`,
    ...(from ? { remoteAddress: from.address, headers: { 'user-agent': from.userAgent } } : {}),
    payload: { token },
  });
}

export const CONFIRM_EMAIL_LINK =
  /https?:\/\/[^\s"<>]+\/settings\/email\/confirm\?token=([A-Za-z0-9_-]+)/;
export const UNDO_EMAIL_LINK =
  /https?:\/\/[^\s"<>]+\/settings\/email\/undo\?token=([A-Za-z0-9_-]+)/;

/** A new access token for the account, as if it signed in again (after the clock moved on). */
export async function freshAccessToken(t: TestApp, userId: number): Promise<string> {
  return (await startSession(t.app, userId)).accessToken;
}

/**
 * Waits for a mail to `to` whose subject is `subject`, beyond the first `mailsBefore` (the
 * security notices go out beside the link mails, in no set order).
 */
export function waitForMailAbout(
  t: TestApp,
  to: string,
  subject: string | RegExp,
  mailsBefore: number,
): Promise<ReadMail> {
  return vi.waitFor(
    () => {
      const mail = mailsOf(t)
        .slice(mailsBefore)
        .findLast(
          (m) =>
            m.to === to &&
            (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
        );
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}
