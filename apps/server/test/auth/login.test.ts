import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES, VALIDATION } from '@netpulse/shared';
import { refreshFamilies, users } from '../../src/db/tables/auth-tables.ts';
import {
  AUTH,
  logIn,
  newPerson,
  refreshCookieOf,
  signUp,
  signUpVerified,
  verificationTokenFor,
} from '../helpers/auth-flow.ts';
import { authState, countRows } from '../helpers/database.ts';
import { RESET_LINK, waitForLinkToken, waitForMails } from '../helpers/mail.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

const t = useTestApp();

const invalidCredentials = { success: false, message: SERVER_MESSAGES.invalidCredentials };
const MINUTE = 60_000;
const THIRTY_DAYS_S = 30 * 24 * 3600;

describe('POST /login', () => {
  it('logs in by username or by email in any case, with an access token and the refresh cookie', async () => {
    const person = await signUpVerified(t);
    for (const name of [person.username, person.email.toUpperCase()]) {
      const response = await logIn(t, name);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: 'Logged in successfully!',
        data: { accessToken: expect.any(String) },
      });
      expect(refreshCookieOf(response)).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/v1/api/auth',
        maxAge: THIRTY_DAYS_S,
      });
      expect(refreshCookieOf(response)?.secure).toBeFalsy();
    }
    expect(await countRows(t.database, refreshFamilies)).toBe(2);
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://netpulse.example' } });
    try {
      const person = await signUpVerified(https);
      const cookie = refreshCookieOf(await logIn(https, person.username));
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const person = await signUpVerified(t);
    const before = await authState(t.database);
    const wrongPassword = await logIn(t, person.username, 'not the password');
    const unknown = await logIn(t, 'nobody_here', person.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(invalidCredentials);
    expect(unknown.json()).toEqual(invalidCredentials);
    expect(refreshCookieOf(wrongPassword)).toBeUndefined();
    expect(await authState(t.database)).toEqual(before);
  });

  it('answers 400 per field for invalid input and writes nothing', async () => {
    const before = await authState(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/login`,
      payload: { emailOrUsername: 'a b', password: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: {
        emailOrUsername: [VALIDATION.emailOrUsernameInvalid],
        password: [VALIDATION.passwordTooShort],
        captchaResponse: [VALIDATION.captchaRequired],
      },
    });
    expect(await authState(t.database)).toEqual(before);
  });

  it('refuses a failed captcha before looking at the password', async () => {
    const person = await signUpVerified(t);
    const before = await authState(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/login`,
      payload: {
        emailOrUsername: person.username,
        password: person.password,
        captchaResponse: 'forged',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ captchaResponse: [SERVER_MESSAGES.captchaFailed] });
    expect(await authState(t.database)).toEqual(before);
  });

  it('tells a banned account so, only after the right password', async () => {
    const person = await signUpVerified(t);
    await t.database.db
      .update(users)
      .set({ bannedAt: t.clock.now() })
      .where(eq(users.username, person.username));
    expect((await logIn(t, person.username, 'wrong password')).statusCode).toBe(401);
    const response = await logIn(t, person.username);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.accountBanned,
      data: { banned: true, reason: null },
    });
    expect(await countRows(t.database, refreshFamilies)).toBe(0);
  });

  it('refuses an unverified account, naming its address for a resend, and mails nothing itself', async () => {
    const person = newPerson();
    expect((await signUp(t, person)).statusCode).toBe(200);
    await waitForMails(t, 1);
    const signUpToken = await verificationTokenFor(t, person.email, 0);

    t.clock.advance(5 * MINUTE);
    const refused = await logIn(t, person.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.emailNotVerified,
      data: { unverified: true, email: person.email },
    });
    expect(await countRows(t.database, refreshFamilies)).toBe(0);
    // "Resend the email" is the one way to a new mail (docs/decisions/033).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.mails()).toHaveLength(1);
    // A wrong password learns nothing of the address.
    const wrong = await logIn(t, person.username, 'wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain(person.email);

    const verified = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/verify-email/${signUpToken}`,
    });
    expect(verified.statusCode).toBe(200);
    expect((await logIn(t, person.username)).statusCode).toBe(200);
  });

  const OWNER = '10.0.0.1';
  const ATTACKER = '10.66.0.1';
  const tooManyFailures = (minutes: number) => ({
    success: false,
    message: english(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes }),
  });

  it('throttles a name from one address for 15 minutes after 5 failed passwords, and only from there', async () => {
    const person = await signUpVerified(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      t.clock.advance(MINUTE);
      expect((await logIn(t, person.username, 'wrong password', ATTACKER)).statusCode).toBe(401);
    }
    const throttled = await logIn(t, person.username, person.password, ATTACKER);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual(tooManyFailures(11));
    // The owner, elsewhere, is not locked out by someone else's guesses.
    expect((await logIn(t, person.username, person.password, OWNER)).statusCode).toBe(200);

    t.clock.advance(11 * MINUTE - 1000);
    expect((await logIn(t, person.username, person.password, ATTACKER)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await logIn(t, person.username, person.password, ATTACKER)).statusCode).toBe(200);
  });

  it('throttles an email and a username of one account apart, as it does two unknown names', async () => {
    const person = await signUpVerified(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await logIn(t, person.username, 'wrong password', ATTACKER)).statusCode).toBe(401);
      expect((await logIn(t, 'ghost_user', 'wrong password', ATTACKER)).statusCode).toBe(401);
    }
    expect((await logIn(t, person.username, 'wrong password', ATTACKER)).json()).toEqual(
      tooManyFailures(15),
    );
    expect((await logIn(t, 'ghost_user', 'wrong password', ATTACKER)).json()).toEqual(
      tooManyFailures(15),
    );
    // A 429 for the email would tell that it and the username are one account.
    expect((await logIn(t, person.email, 'wrong password', ATTACKER)).json()).toEqual(
      invalidCredentials,
    );
    expect((await logIn(t, 'ghost@example.com', 'wrong password', ATTACKER)).json()).toEqual(
      invalidCredentials,
    );
  });

  it('past 30 failures from many addresses in an hour, refuses new addresses but not one that logged in before', async () => {
    const person = await signUpVerified(t);
    expect((await logIn(t, person.email, person.password, OWNER)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 30; attempt++) {
      const from = `10.66.${Math.floor(attempt / 4)}.${attempt % 4}`;
      expect((await logIn(t, person.email, 'wrong password', from)).statusCode).toBe(401);
    }
    const newAddress = await logIn(t, person.email, person.password, '10.77.0.1');
    expect(newAddress.statusCode).toBe(429);
    expect(newAddress.json()).toEqual(tooManyFailures(60));
    expect((await logIn(t, person.email, person.password, OWNER)).statusCode).toBe(200);
  });

  it('past 30 failures from many addresses, answers an unknown name as it does an account', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const from = `10.88.${Math.floor(attempt / 4)}.${attempt % 4}`;
      expect((await logIn(t, 'ghost@example.com', 'wrong password', from)).statusCode).toBe(401);
    }
    expect((await logIn(t, 'ghost@example.com', 'wrong password', '10.77.0.1')).json()).toEqual(
      tooManyFailures(60),
    );
  });

  /** Asks for a reset link for `email` and sets `newPassword` with it. */
  async function resetPasswordOf(email: string, newPassword: string) {
    const mailsBefore = t.mails().length;
    await t.app.inject({ method: 'POST', url: `${AUTH}/forgot-password`, payload: { email } });
    const token = await waitForLinkToken(t, RESET_LINK, mailsBefore);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/reset-password`,
      payload: { token, newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it("past 30 failures alternating the username and the email, a new address is not let in, the owner's old one is, and a reset ends it", async () => {
    const person = await signUpVerified(t);
    expect((await logIn(t, person.username, person.password, OWNER)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 30; attempt++) {
      const name = attempt % 2 ? person.email : person.username;
      const from = `10.66.${attempt}.1`;
      expect((await logIn(t, name, 'wrong password', from)).json()).toEqual(invalidCredentials);
    }
    // 15 failures each: neither name shows a lock, and the right password, by either
    // name, gets the wrong-password answer from an address the account never used.
    for (const name of [person.username, person.email]) {
      const newAddress = await logIn(t, name, person.password, '10.77.0.1');
      expect(newAddress.statusCode).toBe(401);
      expect(newAddress.json()).toEqual(invalidCredentials);
      expect(refreshCookieOf(newAddress)).toBeUndefined();
    }
    // The owner's address gets in by either name.
    expect((await logIn(t, person.email, person.password, OWNER)).statusCode).toBe(200);
    expect((await logIn(t, person.username, person.password, OWNER)).statusCode).toBe(200);

    await resetPasswordOf(person.email, 'a brand new one');
    expect((await logIn(t, person.email, 'a brand new one', '10.77.0.2')).statusCode).toBe(200);
  });

  it('answers the names of an account as it answers two unknown names, failure after failure, and locks both at 30', async () => {
    const person = await signUpVerified(t);
    const ghost = { username: 'ghost_pair', email: 'ghost_pair@example.com' };
    const answer = async (who: { username: string; email: string }, attempt: number) => {
      const response = await logIn(
        t,
        attempt % 2 ? who.email : who.username,
        'wrong password',
        `10.${who === ghost ? 88 : 66}.${attempt}.1`,
      );
      return { status: response.statusCode, body: response.json() };
    };
    for (let attempt = 0; attempt < 62; attempt++) {
      expect(await answer(person, attempt)).toEqual(await answer(ghost, attempt));
    }
    // The 31st failure of each name is the first 429, for the account's names and the unknown ones.
    expect(await answer(person, 60)).toEqual({ status: 429, body: tooManyFailures(60) });
    expect(await answer(person, 61)).toEqual({ status: 429, body: tooManyFailures(60) });
    expect(await answer(ghost, 61)).toEqual({ status: 429, body: tooManyFailures(60) });
  });

  it("the owner's password reset clears every throttle of the account", async () => {
    const person = await signUpVerified(t);
    for (let attempt = 0; attempt < 30; attempt++) {
      const from = `10.66.${Math.floor(attempt / 4)}.${attempt % 4}`;
      await logIn(t, person.username, 'wrong password', from);
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      await logIn(t, person.email, 'wrong password', OWNER);
    }
    expect((await logIn(t, person.email, person.password, OWNER)).statusCode).toBe(429);
    expect((await logIn(t, person.username, person.password, OWNER)).statusCode).toBe(429);

    const mailsBefore = t.mails().length;
    await t.app.inject({
      method: 'POST',
      url: `${AUTH}/forgot-password`,
      payload: { email: person.email },
    });
    const token = await waitForLinkToken(t, RESET_LINK, mailsBefore);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/reset-password`,
      payload: { token, newPassword: 'a brand new one' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await logIn(t, person.email, 'a brand new one', OWNER)).statusCode).toBe(200);
    expect((await logIn(t, person.username, 'a brand new one', '10.77.0.1')).statusCode).toBe(200);
  });

  it('limits logins per IP address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await t.app.inject({ method: 'POST', url: `${AUTH}/login`, payload: {} });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('lets an address log in again once its minute is over', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: `${AUTH}/login`, payload: {} });
    for (let i = 0; i < 20; i++) await attempt();
    expect((await attempt()).statusCode).toBe(429);
    // The per-address limit keeps its own time (Date.now), not the app's clock.
    const start = Date.now();
    const now = vi.spyOn(Date, 'now');
    try {
      now.mockReturnValue(start + 59_000);
      expect((await attempt()).statusCode).toBe(429);
      now.mockReturnValue(start + 61_000);
      expect((await attempt()).statusCode).toBe(400);
    } finally {
      now.mockRestore();
    }
  });
});
