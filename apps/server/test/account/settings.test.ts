/**
 * The account's settings (issue 29): the account itself, its username (unique, once in 30
 * days), its password (with the current one, counted by the login throttle; every other
 * browser signed out, the extension's node kept) and its email (a link to the new address,
 * then an undo link to the old one).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE_TEMPLATES,
  ACCOUNT_MESSAGES,
  SERVER_MESSAGE_TEMPLATES,
  SERVER_MESSAGES,
  VALIDATION,
} from '@netpulse/shared';
import { emailTokens, users } from '../../src/db/tables/auth-tables.ts';
import { english } from '../../src/lib/server-intl.ts';
import {
  accountCall,
  browser,
  CHROME_ON_WINDOWS,
  CONFIRM_EMAIL_LINK,
  FIREFOX_ON_LINUX,
  followEmailLink,
  freshAccessToken,
  logInFrom,
  sessionIn,
  UNDO_EMAIL_LINK,
  waitForMailAbout,
} from '../helpers/account.ts';
import {
  newPerson,
  profile,
  refresh,
  signedInPerson,
  signUpVerified,
  type SignedIn,
} from '../helpers/auth-flow.ts';
import { mailsOf, tokenIn, waitForMailTo } from '../helpers/mail.ts';
import { heartbeat, refreshNode, signedInNode } from '../helpers/nodes.ts';
import { DAY_MS, userIdOf } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const overviewOf = async (person: { accessToken: string }) => {
  const response = await accountCall(t, person, 'GET', '');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET /v1/api/account', () => {
  it('shows the username and email, nothing pending, and a username that may change now', async () => {
    const person = await signedInPerson(t);
    expect(await overviewOf(person)).toEqual({
      username: person.username,
      email: person.email,
      pending_email: null,
      username_changeable_at: null,
    });
  });
});

describe('PATCH /v1/api/account/username', () => {
  const changeUsername = (person: { accessToken: string }, username: unknown) =>
    accountCall(t, person, 'PATCH', '/username', { payload: { username } });

  it('changes it once in 30 days, naming the time it may change again', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const changed = await changeUsername(person, 'renamed_one');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.usernameChanged,
      data: {
        username: 'renamed_one',
        email: person.email,
        pending_email: null,
        username_changeable_at: '2026-04-09T12:00:00.000Z',
      },
    });
    expect((await profile(t, person.accessToken)).json().data.username).toBe('renamed_one');
    expect(
      (await logInFrom(t, { username: 'renamed_one' }, browser(FIREFOX_ON_LINUX, '10.1.0.1')))
        .statusCode,
    ).toBe(200);

    t.clock.advance(29 * DAY_MS);
    person.accessToken = await freshAccessToken(t, userId);
    const tooSoon = await changeUsername(person, 'renamed_two');
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({
      success: false,
      message: english(ACCOUNT_MESSAGE_TEMPLATES.usernameChangeWait, {
        days: 30,
        date: '2026-04-09 12:00',
      }),
    });
    expect(tooSoon.json().message).toBe(
      'A username can change once in 30 days. You can change yours again from 2026-04-09 12:00 UTC.',
    );

    t.clock.advance(DAY_MS);
    person.accessToken = await freshAccessToken(t, userId);
    expect((await changeUsername(person, 'renamed_two')).statusCode).toBe(200);
  });

  it('refuses a name another account has, whatever its case (409), and allows a change of case alone', async () => {
    const person = await signedInPerson(t);
    const other = await signUpVerified(t, newPerson({ username: 'Taken_Name' }));
    const taken = await changeUsername(person, 'taken_NAME');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.usernameTaken,
      errors: { username: [SERVER_MESSAGES.usernameTaken] },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, person.email));
    expect(row?.username).toBe(person.username);
    expect(row?.usernameChangedAt).toBeNull();

    const sameName = await changeUsername(person, person.username);
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().errors).toEqual({ username: [ACCOUNT_MESSAGES.usernameUnchanged] });
    const caseOnly = await changeUsername(person, person.username.toUpperCase());
    expect(caseOnly.statusCode, caseOnly.body).toBe(200);
    expect(other.username).toBe('Taken_Name');
  });

  it('keeps the rules of a username (400 per field)', async () => {
    const person = await signedInPerson(t);
    for (const [username, message] of [
      ['ab', VALIDATION.usernameTooShort],
      ['has space', VALIDATION.usernameCharacters],
      ['x'.repeat(21), VALIDATION.usernameTooLong],
    ] as const) {
      const response = await changeUsername(person, username);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.username).toContain(message);
    }
  });
});

describe('POST /v1/api/account/password', () => {
  const changePassword = (
    session: { accessToken: string },
    currentPassword: string,
    newPassword: string,
    from = browser(CHROME_ON_WINDOWS, '10.2.0.1'),
  ) =>
    accountCall(t, session, 'POST', '/password', {
      payload: { currentPassword, newPassword },
      from,
    });

  it('sets the new password, signs every other browser out and keeps this one and the extension', async () => {
    const person = await signUpVerified(t);
    const here = browser(CHROME_ON_WINDOWS, '10.2.0.1');
    const thisBrowser = await sessionIn(t, person, here);
    const otherBrowser = await sessionIn(t, person, browser(FIREFOX_ON_LINUX, '10.2.0.2'));
    const node = await signedInNode(t, thisBrowser);

    const changed = await changePassword(
      thisBrowser,
      person.password,
      'a much better secret',
      here,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });

    // The other browser is out at once: its access token and its refresh cookie.
    expect((await profile(t, otherBrowser.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, otherBrowser.refreshToken)).statusCode).toBe(401);
    // This browser and the extension's node go on.
    expect((await profile(t, thisBrowser.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, thisBrowser.refreshToken)).statusCode).toBe(200);
    expect((await heartbeat(t, node)).statusCode).toBe(200);
    expect((await refreshNode(t, node)).statusCode).toBe(200);
    // The new password signs in, the old one no longer does.
    const elsewhere = browser(FIREFOX_ON_LINUX, '10.2.0.3');
    expect(
      (await logInFrom(t, { ...person, password: person.password }, elsewhere)).statusCode,
    ).toBe(401);
    expect(
      (await logInFrom(t, { ...person, password: 'a much better secret' }, elsewhere)).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password on its field, and counts it as a failed login', async () => {
    const person = await signedInPerson(t);
    const from = browser(CHROME_ON_WINDOWS, '10.3.0.1');
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await changePassword(person, 'not my password', 'a much better secret', from);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        message: ACCOUNT_MESSAGES.currentPasswordWrong,
        errors: { currentPassword: [ACCOUNT_MESSAGES.currentPasswordWrong] },
      });
    }
    // Five failures from this address lock the name there, for the route and for the login.
    const locked = {
      success: false,
      message: english(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes: 15 }),
    };
    const sixth = await changePassword(person, person.password, 'a much better secret', from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(locked);
    const login = await logInFrom(t, person, from);
    expect(login.statusCode).toBe(429);
    expect(login.json()).toEqual(locked);
    // Nothing changed: the password is the old one.
    expect((await logInFrom(t, person, browser(CHROME_ON_WINDOWS, '10.3.0.2'))).statusCode).toBe(
      200,
    );
  });

  it('keeps the rules of a new password (400 on newPassword)', async () => {
    const person = await signedInPerson(t);
    for (const [newPassword, message] of [
      ['short', VALIDATION.newPasswordTooShort],
      ['password123', VALIDATION.newPasswordCommon],
      [`my ${person.username} pass`, VALIDATION.newPasswordHasUsername],
    ] as const) {
      const response = await changePassword(person, person.password, newPassword);
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().errors.newPassword).toContain(message);
    }
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
  });
});

describe('POST /v1/api/account/email', () => {
  const requestChange = (person: { accessToken: string }, newEmail: string, password: string) =>
    accountCall(t, person, 'POST', '/email', {
      payload: { newEmail, password },
      from: browser(CHROME_ON_WINDOWS, '10.4.0.1'),
    });

  /** Asks for `newEmail` and answers the token of the link mailed there. */
  async function confirmTokenFor(person: SignedIn, newEmail: string): Promise<string> {
    const mailsBefore = t.mails().length;
    const asked = await requestChange(person, newEmail, person.password);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailChangeRequested });
    return tokenIn(await waitForMailTo(t, newEmail, mailsBefore), CONFIRM_EMAIL_LINK);
  }

  it('changes the email through both mails: the new address confirms, the old one may undo', async () => {
    const person = await signedInPerson(t);
    const mailsBefore = t.mails().length;
    const confirmToken = await confirmTokenFor(person, 'new.home@example.com');
    expect((await overviewOf(person)).pending_email).toBe('new.home@example.com');
    // Nothing changes until the link is followed.
    expect((await overviewOf(person)).email).toBe(person.email);

    const confirmed = await followEmailLink(
      t,
      'confirm',
      confirmToken,
      browser(FIREFOX_ON_LINUX, '10.4.0.9'),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailChanged });
    expect(await overviewOf(person)).toMatchObject({
      email: 'new.home@example.com',
      pending_email: null,
    });
    // The link works once.
    expect((await followEmailLink(t, 'confirm', confirmToken)).json()).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.emailLinkInvalid,
    });

    // The old address is told, with the link that undoes it.
    const undoMail = await waitForMailAbout(
      t,
      person.email,
      'Your Netpulse email address was changed',
      mailsBefore,
    );
    expect(undoMail.text).toContain('new.home@example.com');
    expect(undoMail.text).toContain('Browser: Firefox on Linux');
    expect(undoMail.text).toContain('Network: 10.4.0.0/24');
    expect(undoMail.text).not.toContain('10.4.0.9');
    const undoToken = tokenIn(undoMail, UNDO_EMAIL_LINK);

    const undone = await followEmailLink(t, 'undo', undoToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailChangeUndone });
    // The old address is back, and every browser is signed out.
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, await userIdOf(t, person)));
    expect(row?.email).toBe(person.email);
    expect((await profile(t, person.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, person.refreshToken)).statusCode).toBe(401);
    expect((await followEmailLink(t, 'undo', undoToken)).statusCode).toBe(400);
    // The old address signs in again.
    expect(
      (await logInFrom(t, { username: person.email }, browser(CHROME_ON_WINDOWS, '10.4.0.2')))
        .statusCode,
    ).toBe(200);
  });

  it('answers an address another account has as any other, and mails it nothing', async () => {
    const person = await signedInPerson(t);
    const other = await signUpVerified(t);
    const mailsBefore = t.mails().length;
    const asked = await requestChange(person, other.email.toUpperCase(), person.password);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailChangeRequested });
    expect((await overviewOf(person)).pending_email).toBe(other.email.toUpperCase());
    // The account's own address is told of the request; the other account hears nothing.
    await waitForMailTo(t, person.email, mailsBefore);
    expect(
      mailsOf(t)
        .slice(mailsBefore)
        .filter((mail) => mail.to.toLowerCase() === other.email),
    ).toEqual([]);
  });

  it('refuses a wrong password on its field and the address the account has already', async () => {
    const person = await signedInPerson(t);
    const wrong = await requestChange(person, 'elsewhere@example.com', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const same = await requestChange(person, person.email.toUpperCase(), person.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ newEmail: [ACCOUNT_MESSAGES.emailUnchanged] });
    expect(
      await t.database.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'email_change')),
    ).toEqual([]);
  });

  it('refuses an expired, unknown or superseded link (400) and an address taken meanwhile (409)', async () => {
    const person = await signedInPerson(t);
    const first = await confirmTokenFor(person, 'first.try@example.com');
    const second = await confirmTokenFor(person, 'second.try@example.com');
    const invalid = { success: false, message: ACCOUNT_MESSAGES.emailLinkInvalid };
    // A newer request retires the older link.
    expect((await followEmailLink(t, 'confirm', first)).json()).toEqual(invalid);
    expect((await followEmailLink(t, 'confirm', 'x'.repeat(43))).json()).toEqual(invalid);
    const noToken = await followEmailLink(t, 'undo', '');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toEqual({ token: [VALIDATION.tokenRequired] });

    // Someone signs up with the address before the link is followed.
    await signUpVerified(t, newPerson({ email: 'second.try@example.com' }));
    const taken = await followEmailLink(t, 'confirm', second);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.emailTakenMeanwhile });

    const third = await confirmTokenFor(person, 'third.try@example.com');
    t.clock.advance(DAY_MS + 1000);
    const expired = await followEmailLink(t, 'confirm', third);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalid);
    person.accessToken = await freshAccessToken(t, await userIdOf(t, person));
    expect(await overviewOf(person)).toMatchObject({ email: person.email, pending_email: null });
  });
});
