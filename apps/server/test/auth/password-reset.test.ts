import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, VALIDATION } from '@netpulse/shared';
import { emailTokens, users } from '../../src/db/tables/auth-tables.ts';
import { hashToken } from '../../src/lib/random-codes.ts';
import {
  AUTH,
  logIn,
  profile,
  refresh,
  signedInPerson,
  type Person,
} from '../helpers/auth-flow.ts';
import { authState, countRows } from '../helpers/database.ts';
import { mailsOf, RESET_LINK, tokenIn, waitForMails } from '../helpers/mail.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const NEW_PASSWORD = 'a brand new one';
const invalidLink = { success: false, message: SERVER_MESSAGES.resetTokenInvalid };

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: `${AUTH}/forgot-password`, payload: { email } });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: `${AUTH}/reset-password`, payload: { token, newPassword } });

/** Asks for a reset link for `person` and returns its token from the mail. */
async function resetTokenFor(person: Person): Promise<string> {
  const mailsBefore = t.mails().length;
  expect((await forgot(person.email)).statusCode).toBe(200);
  const mails = await waitForMails(t, mailsBefore + 1);
  return tokenIn(mails.at(-1)!, RESET_LINK);
}

describe('POST /forgot-password', () => {
  it('answers known and unknown addresses alike, and mails a 1-hour link stored hashed only to the known one', async () => {
    const person = await signedInPerson(t);
    const mailsBefore = t.mails().length;
    const known = await forgot(person.email.toUpperCase());
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ success: true, message: SERVER_MESSAGES.forgotAccepted });

    const mails = await waitForMails(t, mailsBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsOf(t)).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe(person.email);
    expect(mail.subject).toBe('Reset your Netpulse password');
    const token = tokenIn(mail, RESET_LINK);
    expect(mail.html).toContain(`href="http://localhost:8080/reset-password?token=${token}"`);

    const [stored] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'reset'));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), usedAt: null });
    expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 3600_000);
  });

  it('answers 400 for an invalid address and writes nothing', async () => {
    const before = await authState(t.database);
    const response = await forgot('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: [VALIDATION.emailInvalid] });
    expect(await authState(t.database)).toEqual(before);
  });
});

describe('POST /reset-password', () => {
  it('sets the new password and ends every other session', async () => {
    const person = await signedInPerson(t);
    const token = await resetTokenFor(person);
    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SERVER_MESSAGES.resetDone });

    expect((await refresh(t, person.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, person.accessToken)).statusCode).toBe(401);
    expect((await logIn(t, person.username, person.password)).statusCode).toBe(401);
    expect((await logIn(t, person.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('uses a link once', async () => {
    const person = await signedInPerson(t);
    const token = await resetTokenFor(person);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'yet another one');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
    expect((await logIn(t, person.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with one link succeed', async () => {
    const person = await signedInPerson(t);
    const token = await resetTokenFor(person);
    const responses = await Promise.all([
      reset(token, 'first new one'),
      reset(token, 'second new one'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link older than an hour and keeps the password', async () => {
    const person = await signedInPerson(t);
    const token = await resetTokenFor(person);
    t.clock.advance(3600_000 + 1000);
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
    expect((await logIn(t, person.username, person.password)).statusCode).toBe(200);
  });

  it.each([
    ['a token it never issued', 'x'.repeat(43)],
    ['garbage', '<>"\'; --'],
  ])('refuses %s and changes nothing', async (_name, token) => {
    await signedInPerson(t);
    const before = await authState(t.database);
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
    expect(await authState(t.database)).toEqual(before);
  });

  it('refuses a verification link used as a reset link', async () => {
    await signedInPerson(t);
    const verifyMail = mailsOf(t)[0]!;
    const verifyToken = /verify-email\/([A-Za-z0-9_-]+)/.exec(verifyMail.text)?.[1] ?? '';
    expect((await reset(verifyToken)).json()).toEqual(invalidLink);
  });

  it('answers 400 per field for invalid input and changes nothing', async () => {
    const person = await signedInPerson(t);
    const token = await resetTokenFor(person);
    const before = await authState(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/reset-password`,
      payload: { newPassword: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      newPassword: [VALIDATION.newPasswordTooShort],
      token: [VALIDATION.tokenRequired],
    });
    expect(await authState(t.database)).toEqual(before);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('verifies the address too, since the link reached the mailbox', async () => {
    const person = await signedInPerson(t);
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.email, person.email));
    const token = await resetTokenFor(person);
    expect((await reset(token)).statusCode).toBe(200);
    expect(await countRows(t.database, users)).toBe(1);
    expect((await logIn(t, person.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /reset-password: the rules of a new password (decision 028)', () => {
  it.each([
    ['seven characters', () => 'seven77', VALIDATION.newPasswordTooShort, true],
    ['one repeated character', () => 'zzzzzzzzzz', VALIDATION.newPasswordRepetitive, true],
    [
      "the account's username",
      (p: Person) => `${p.username.toUpperCase()}!horse`,
      VALIDATION.newPasswordHasUsername,
      false,
    ],
    [
      "the name of the account's email",
      (p: Person) => `horse ${p.email.split('@')[0]}`,
      VALIDATION.newPasswordHasEmail,
      false,
    ],
    ['a common password', () => 'Sunshine1', VALIDATION.newPasswordCommon, false],
  ])(
    'refuses %s on newPassword, keeps the password and leaves the link unused',
    async (_rule, password, message, byTheSchema) => {
      const person = await signedInPerson(t);
      const token = await resetTokenFor(person);
      const before = await authState(t.database);
      const response = await reset(token, password(person));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: byTheSchema ? SERVER_MESSAGES.validationFailed : message,
        errors: { newPassword: [message] },
      });
      expect(await authState(t.database)).toEqual(before);
      expect((await logIn(t, person.username)).statusCode).toBe(200);
      // The same link still works for a password that keeps the rules.
      expect((await reset(token)).statusCode).toBe(200);
      expect((await logIn(t, person.username, NEW_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('tells an unusable link so before judging the password', async () => {
    const person = await signedInPerson(t);
    expect((await reset('no-such-token', person.username + '-horse')).json()).toEqual(invalidLink);
  });
});
