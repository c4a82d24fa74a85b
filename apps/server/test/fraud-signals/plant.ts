/**
 * Plants what the fraud signals look for through the real flows: sign-ups
 * with referral codes and logins from a chosen address, speed tests completed
 * from an address (by the person or by an extension node's own session), and
 * node registrations.
 */
import { expect } from 'vitest';
import type { FraudSignal, FraudSignalKind, FraudSignalsQuery } from '@netpulse/shared/admin';
import { createInvite } from '../../src/modules/invites/invite-service.ts';
import { fraudSignals } from '../../src/modules/fraud-signals/fraud-signals-service.ts';
import { AUTH, logIn, newPerson, refreshCookieOf } from '../helpers/auth-flow.ts';
import { solvedCaptcha } from '../helpers/captcha.ts';
import { tokenIn, VERIFY_LINK, waitForMailTo } from '../helpers/mail.ts';
import { userIdOf } from '../helpers/points.ts';
import { creditedTests, referralCodeOf, type Member } from '../helpers/referrals.ts';
import type { TestApp } from '../helpers/test-app.ts';

let lastOctet = 0;

/** A planted member: signed in, with the address it signed in from. */
export type PlantedMember = Member & { address: string };

/** An address no other account of the run uses (198.18.0.0/15, the benchmarking range). */
export function ownAddress(): string {
  lastOctet += 1;
  return `198.18.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

/**
 * A verified member who signed up (with `referrer`'s code, else an invite)
 * and logged in from `from` (an address of its own by default).
 */
export async function memberFrom(
  t: TestApp,
  options: { from?: string; referrer?: { username: string } } = {},
): Promise<PlantedMember> {
  const address = options.from ?? ownAddress();
  const person = newPerson();
  const mailsBefore = t.mails().length;
  const signup = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/signup`,
    remoteAddress: address,
    payload: {
      ...person,
      confirmPassword: person.password,
      referralCode: options.referrer
        ? await referralCodeOf(t, options.referrer)
        : await createInvite(t.database.db),
      captchaResponse: await solvedCaptcha(t.app),
    },
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const mail = await waitForMailTo(t, person.email, mailsBefore);
  const verified = await t.app.inject({
    method: 'GET',
    url: `${AUTH}/verify-email/${tokenIn(mail, VERIFY_LINK)}`,
    remoteAddress: address,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const login = await logIn(t, person.username, person.password, address);
  expect(login.statusCode, login.body).toBe(200);
  const cookie = refreshCookieOf(login);
  return {
    ...person,
    id: await userIdOf(t, person),
    accessToken: login.json().data.accessToken,
    refreshToken: cookie?.value ?? '',
    address,
  };
}

/** `count` credited speed tests completed from `address` with `session`'s token (a person's or a node's). */
export function testsFrom(
  t: TestApp,
  session: { accessToken: string; username?: string },
  count: number,
  address: string,
): Promise<void> {
  const person = { email: '', username: '', password: '', refreshToken: '', ...session };
  return creditedTests(t, person, count, { remoteAddress: address });
}

/** The signals at the clock's time, as the console's route computes them. */
export function signalsNow(t: TestApp, query: Partial<FraudSignalsQuery> = {}) {
  return fraudSignals(t.database.db, {
    window: query.window ?? '24h',
    minAccounts: query.minAccounts ?? 3,
    now: t.clock.now(),
    linkCeilingMbps: t.config.LINK_CEILING_MBPS,
  });
}

/** The signals of one kind. */
export async function signalsOf(
  t: TestApp,
  kind: FraudSignalKind,
  query: Partial<FraudSignalsQuery> = {},
): Promise<FraudSignal[]> {
  return (await signalsNow(t, query)).signals.filter((signal) => signal.kind === kind);
}

/** The usernames of a signal's accounts, sorted. */
export const usernamesOf = (signal: FraudSignal | undefined) =>
  (signal?.accounts ?? []).map((account) => account.username).sort();
