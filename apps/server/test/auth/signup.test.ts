import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, SERVER_MESSAGES, VALIDATION } from '@netpulse/shared';
import { emailTokens, users } from '../../src/db/tables/auth-tables.ts';
import { invites } from '../../src/db/tables/invites-tables.ts';
import { hashToken } from '../../src/lib/random-codes.ts';
import { createInvite } from '../../src/modules/invites/invite-service.ts';
import {
  AUTH,
  newPerson,
  signUp,
  signUpVerified,
  verificationTokenFor,
} from '../helpers/auth-flow.ts';
import { solvedCaptcha } from '../helpers/captcha.ts';
import { authState } from '../helpers/database.ts';
import { mailsOf, waitForMails } from '../helpers/mail.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const signedUpBody = { success: true, message: SERVER_MESSAGES.signedUp };

async function userNamed(username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return user;
}

describe('POST /signup', () => {
  it('creates an unverified account with the invite, a referral code and a hashed verification link', async () => {
    const person = newPerson();
    const response = await signUp(t, person, { referralCode: t.firstInvite.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(signedUpBody);

    const user = await userNamed(person.username);
    const [invite] = await t.database.db
      .select()
      .from(invites)
      .where(eq(invites.code, t.firstInvite));
    expect(user).toMatchObject({
      email: person.email,
      emailVerifiedAt: null,
      inviteId: invite?.id,
      referredByUserId: null,
    });
    expect(user?.referralCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(invite?.usesLeft).toBe(0);

    const token = await verificationTokenFor(t, person.email, 0);
    const [stored] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, user!.id));
    expect(stored).toMatchObject({ purpose: 'verify', tokenHash: hashToken(token), usedAt: null });
    expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 24 * 3600_000);

    const [mail] = mailsOf(t);
    expect(mail?.subject).toBe('Verify your email for Netpulse');
    expect(mail?.text).toContain(`http://localhost:8080/verify-email/${token}`);
    expect(mail?.html).toContain(`href="http://localhost:8080/verify-email/${token}"`);
  });

  it("takes a user's referral code in any case and records the referrer", async () => {
    const referrer = await signUpVerified(t);
    const referrerRow = await userNamed(referrer.username);
    const invitesBefore = (await authState(t.database)).invites;

    const person = newPerson();
    const response = await signUp(t, person, {
      referralCode: ` ${referrerRow!.referralCode.toLowerCase()} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await userNamed(person.username)).toMatchObject({
      referredByUserId: referrerRow!.id,
      inviteId: null,
    });
    expect((await authState(t.database)).invites).toEqual(invitesBefore);
  });

  it('answers 400 with a message per field, and writes nothing, for invalid input', async () => {
    const before = await authState(t.database);
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/signup`,
      payload: {
        email: 'nope',
        username: 'ab',
        password: 'abc',
        confirmPassword: 'abcd',
        referralCode: '',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: {
        email: [VALIDATION.emailInvalid],
        username: [VALIDATION.usernameTooShort],
        password: [VALIDATION.newPasswordTooShort],
        confirmPassword: [VALIDATION.passwordsMustMatch],
        referralCode: [VALIDATION.inviteCodeRequired],
        captchaResponse: [VALIDATION.captchaRequired],
      },
    });
    expect(await authState(t.database)).toEqual(before);
    expect(t.mails()).toEqual([]);
  });

  it('ignores fields it does not know, privacyPolicy included', async () => {
    const person = newPerson();
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/signup`,
      payload: {
        ...person,
        confirmPassword: person.password,
        referralCode: t.firstInvite,
        captchaResponse: await solvedCaptcha(t.app),
        privacyPolicy: true,
        emailVerifiedAt: '2020-01-01T00:00:00Z',
        points: 1_000_000,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await userNamed(person.username)).toMatchObject({ emailVerifiedAt: null, points: 0 });
  });

  it('refuses a failed or reused captcha with 400 on captchaResponse and writes nothing', async () => {
    const before = await authState(t.database);
    const garbage = await signUp(t, newPerson(), {
      captchaResponse: 'not-a-payload',
      referralCode: t.firstInvite,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.captchaFailed,
      errors: { captchaResponse: [SERVER_MESSAGES.captchaFailed] },
    });

    const captcha = await solvedCaptcha(t.app);
    expect(
      (await signUp(t, newPerson(), { captchaResponse: captcha, referralCode: 'UNKNOWN1' }))
        .statusCode,
    ).toBe(400);
    const reused = await signUp(t, newPerson(), {
      captchaResponse: captcha,
      referralCode: t.firstInvite,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ captchaResponse: [SERVER_MESSAGES.captchaFailed] });
    expect(await authState(t.database)).toEqual(before);
  });

  it('refuses an unknown invite code on referralCode and writes nothing', async () => {
    const before = await authState(t.database);
    const response = await signUp(t, newPerson(), { referralCode: 'ZZZZZZZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: VALIDATION.inviteCodeUnknown,
      errors: { referralCode: [VALIDATION.inviteCodeUnknown] },
    });
    expect(await authState(t.database)).toEqual(before);
  });

  it('uses a single-use invite once', async () => {
    expect((await signUp(t, newPerson(), { referralCode: t.firstInvite })).statusCode).toBe(200);
    const second = await signUp(t, newPerson(), { referralCode: t.firstInvite });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual({ referralCode: [VALIDATION.inviteCodeUnknown] });
  });

  it('gives the last use of an invite to one of two simultaneous sign-ups', async () => {
    const [a, b] = await Promise.all([
      signUp(t, newPerson(), { referralCode: t.firstInvite }),
      signUp(t, newPerson(), { referralCode: t.firstInvite }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await authState(t.database)).users).toHaveLength(1);
  });

  it('refuses a username taken in any case and writes nothing', async () => {
    const first = await signUpVerified(t);
    const invite = await createInvite(t.database.db);
    const before = await authState(t.database);
    const response = await signUp(t, newPerson({ username: first.username.toUpperCase() }), {
      referralCode: invite,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.usernameTaken,
      errors: { username: [SERVER_MESSAGES.usernameTaken] },
    });
    expect(await authState(t.database)).toEqual(before);
  });

  it('maps a username lost to a simultaneous sign-up to the same field error', async () => {
    const responses = await Promise.all([
      signUp(t, newPerson({ username: 'same_name' })),
      signUp(t, newPerson({ username: 'Same_Name' })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = responses.find((r) => r.statusCode === 400);
    expect(refused?.json().errors).toEqual({ username: [SERVER_MESSAGES.usernameTaken] });
  });

  it('answers a registered email exactly like a new one, mails its owner a notice, and keeps the invite', async () => {
    const owner = await signUpVerified(t);
    const invite = await createInvite(t.database.db);
    const before = await authState(t.database);
    const mailsBefore = t.mails().length;

    const duplicate = await signUp(t, newPerson({ email: owner.email.toUpperCase() }), {
      referralCode: invite,
    });
    const fresh = await signUp(t, newPerson(), { referralCode: await createInvite(t.database.db) });
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.body).toBe(fresh.body);

    const after = await authState(t.database);
    expect(after.users).toHaveLength(before.users.length + 1);
    expect(after.invites.find((row) => row.code === invite)?.usesLeft).toBe(1);

    const mails = await waitForMails(t, mailsBefore + 2);
    const notice = mails.find((mail) => mail.subject.startsWith('Someone tried to sign up'));
    expect(notice?.to).toBe(owner.email);
    expect(notice?.text).toContain('http://localhost:8080/forgot-password');
    expect(notice?.text).not.toMatch(/verify-email/);
  });
});

describe('POST /signup: the rules of a new password (decision 028)', () => {
  const refused = async (password: (person: { username: string; email: string }) => string) => {
    const person = newPerson();
    const referralCode = await createInvite(t.database.db);
    const before = await authState(t.database);
    const mailsBefore = t.mails().length;
    const response = await signUp(t, { ...person, password: password(person) }, { referralCode });
    expect(response.statusCode).toBe(400);
    // Nothing written: no user, the invite's use not taken, no mail.
    expect(await authState(t.database)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mails()).toHaveLength(mailsBefore);
    return response.json();
  };

  it.each([
    ['seven characters', () => 'seven77', VALIDATION.newPasswordTooShort],
    ['one repeated character', () => 'aaaaaaaa', VALIDATION.newPasswordRepetitive],
    ['a run of digits', () => '87654321', VALIDATION.newPasswordRepetitive],
    [
      'the username in another case',
      (p: { username: string }) => `my ${p.username.toUpperCase()} pass`,
      VALIDATION.newPasswordHasUsername,
    ],
    [
      "the email's name",
      (p: { email: string }) => `${p.email.split('@')[0]!.toUpperCase()}-secret`,
      VALIDATION.newPasswordHasEmail,
    ],
  ])('refuses %s on the password field', async (_rule, password, message) => {
    expect(await refused(password)).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: { password: [message] },
    });
  });

  it.each(['password', 'Password1', 'iloveyou', 'QWERTY123'])(
    'refuses %j, one of the 10,000 most common passwords, in any case',
    async (password) => {
      expect(await refused(() => password)).toEqual({
        success: false,
        message: VALIDATION.newPasswordCommon,
        errors: { password: [VALIDATION.newPasswordCommon] },
      });
    },
  );

  it('takes 8 characters, and up to 128: no limit below 64', async () => {
    for (const password of ['sturdy-8', 'long enough to be a passphrase; '.repeat(4)]) {
      const person = newPerson({ password });
      expect((await signUp(t, person)).statusCode).toBe(200);
      expect(await userNamed(person.username)).toBeDefined();
    }
    await waitForMails(t, 2);
    expect(await refused(() => 'x'.repeat(100) + 'y'.repeat(29))).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: { password: [LIMIT_MESSAGES.passwordTooLong] },
    });
  });
});
