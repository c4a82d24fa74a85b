/**
 * The steps most auth tests share: sign up with a solved captcha, follow the
 * link of the verification mail, log in, and read the refresh cookie.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createInvite } from '../../src/modules/invites/invite-service.ts';
import { solvedCaptcha } from './captcha.ts';
import { tokenIn, VERIFY_LINK, waitForMailTo } from './mail.ts';
import type { TestApp } from './test-app.ts';

export const AUTH = '/v1/api/auth';
export const PASSWORD = 'correct horse';

let people = 0;

export interface Person {
  email: string;
  username: string;
  password: string;
}

/** A new person's sign-up details (unique within the run). */
export function newPerson(overrides: Partial<Person> = {}): Person {
  people += 1;
  return {
    email: `person${people}@example.com`,
    username: `person_${people}`,
    password: PASSWORD,
    ...overrides,
  };
}

/** Signs up; without a referral code it uses a new single-use invite. */
export async function signUp(
  testApp: TestApp,
  person: Person,
  options: {
    referralCode?: string;
    captchaResponse?: string;
    /** The request's headers: its `accept-language`, say. */
    headers?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `${AUTH}/signup`,
    headers: options.headers ?? {},
    payload: {
      ...person,
      confirmPassword: person.password,
      referralCode: options.referralCode ?? (await createInvite(testApp.database.db)),
      captchaResponse: options.captchaResponse ?? (await solvedCaptcha(testApp.app)),
    },
  });
}

/** Waits for the newest mail to `email` and returns the token of its verification link. */
export async function verificationTokenFor(
  testApp: TestApp,
  email: string,
  mailsBefore: number,
): Promise<string> {
  return tokenIn(await waitForMailTo(testApp, email, mailsBefore), VERIFY_LINK);
}

/** Signs up and verifies through the mailed link. */
export async function signUpVerified(
  testApp: TestApp,
  person = newPerson(),
  referralCode?: string,
): Promise<Person> {
  const mailsBefore = testApp.mails().length;
  const response = await signUp(testApp, person, { referralCode });
  expect(response.statusCode, response.body).toBe(200);
  const token = await verificationTokenFor(testApp, person.email, mailsBefore);
  const verified = await testApp.app.inject({
    method: 'GET',
    url: `${AUTH}/verify-email/${token}`,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return person;
}

/** Logs in; `from` is the client's address (light-my-request's own by default). */
export async function logIn(
  testApp: TestApp,
  emailOrUsername: string,
  password = PASSWORD,
  from?: string,
) {
  return testApp.app.inject({
    method: 'POST',
    url: `${AUTH}/login`,
    ...(from ? { remoteAddress: from } : {}),
    // The challenge comes from the same client, so its per-address limit counts there too.
    payload: { emailOrUsername, password, captchaResponse: await solvedCaptcha(testApp.app, from) },
  });
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token');
}

export interface SignedIn extends Person {
  accessToken: string;
  refreshToken: string;
}

/** A verified person who has just logged in: their access token and refresh cookie. */
export async function signedInPerson(
  testApp: TestApp,
  person = newPerson(),
  referralCode?: string,
): Promise<SignedIn> {
  await signUpVerified(testApp, person, referralCode);
  const response = await logIn(testApp, person.username, person.password);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('login set no refresh cookie');
  return { ...person, accessToken: response.json().data.accessToken, refreshToken: cookie.value };
}

export function refresh(
  testApp: TestApp,
  refreshToken: string | undefined,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: `${AUTH}/refresh-token`,
    headers,
    cookies: refreshToken === undefined ? {} : { refresh_token: refreshToken },
  });
}

export function profile(testApp: TestApp, accessToken: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${AUTH}/profile`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}
