/** Referrers and referees as the referral tests need them, and the referral calls. */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { startSession } from '../../src/modules/auth/session-service.ts';
import { AUTH, newPerson, signedInPerson, signUp, type SignedIn } from './auth-flow.ts';
import { tokenIn, VERIFY_LINK, waitForMailTo } from './mail.ts';
import { call, completeSpeedtest, measuredSpeedtest, userIdOf } from './points.ts';
import type { TestApp } from './test-app.ts';

export type Member = SignedIn & { id: number };

/** A referee must run 15 tests in one test: no interval between them and no daily cap. */
export const BACK_TO_BACK_SPEEDTESTS = {
  SPEEDTEST_MIN_INTERVAL_S: '0',
  SPEEDTEST_DAILY_LIMIT: '100',
};

export async function referralCodeOf(t: TestApp, person: { username: string }): Promise<string> {
  const [user] = await t.database.db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.username, person.username));
  if (!user) throw new Error(`no user ${person.username}`);
  return user.code;
}

/** A verified, signed-in member; with `referrer`, signed up through their referral code. */
export async function signedInMember(t: TestApp, referrer?: { username: string }): Promise<Member> {
  const code = referrer ? await referralCodeOf(t, referrer) : undefined;
  const person = await signedInPerson(t, newPerson(), code);
  return { ...person, id: await userIdOf(t, person) };
}

/** A referee who verified the email and logged in. */
export const signedInReferee = (t: TestApp, referrer: { username: string }) =>
  signedInMember(t, referrer);

/**
 * A referee who has not verified the email yet (login refuses them), with a
 * session made directly, as the extension would hold one from before.
 */
export async function unverifiedReferee(
  t: TestApp,
  referrer: { username: string },
): Promise<Member> {
  const person = newPerson();
  const response = await signUp(t, person, { referralCode: await referralCodeOf(t, referrer) });
  expect(response.statusCode, response.body).toBe(200);
  const id = await userIdOf(t, person);
  const session = await startSession(t.app, id);
  return { ...person, id, accessToken: session.accessToken, refreshToken: '' };
}

/**
 * Follows the link of the newest verification mail sent to the person, waiting
 * for it: mail goes out in the background, after the sign-up has answered.
 */
export async function verifyByMail(t: TestApp, person: { email: string }): Promise<void> {
  const mail = await waitForMailTo(t, person.email, 0);
  const response = await t.app.inject({
    method: 'GET',
    url: `${AUTH}/verify-email/${tokenIn(mail, VERIFY_LINK)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Completes `count` measured tests of the person, each credited. */
export async function creditedTests(
  t: TestApp,
  person: SignedIn,
  count: number,
  options: { location?: { latitude: number; longitude: number }; remoteAddress?: string } = {},
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const testId = await measuredSpeedtest(t, person, options.remoteAddress);
    const response = await completeSpeedtest(
      t,
      person,
      { testId, ...options.location },
      options.remoteAddress,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** The user's ledger rows, oldest first. */
export function ledgerOf(t: TestApp, userId: number) {
  return t.database.db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(asc(pointTransactions.id));
}

export const referralStats = (t: TestApp, person: SignedIn) =>
  call(t, person, 'GET', '/referrals-stats');

export const referralStatus = (t: TestApp, person: SignedIn, query = '') =>
  call(t, person, 'GET', `/referrals-status${query}`);

export const referralClaim = (t: TestApp, person: SignedIn) =>
  call(t, person, 'POST', '/claim-referral-points');
