/**
 * The security mails (issue 29): a sign-in from a browser the account never used, and every
 * change of its security, is mailed to the account in its language, with when, which browser
 * and which network (never the address), and what to do if it was not the person. A mail
 * goes only once the change committed, and a mail server that is down changes no answer.
 */
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { markEmailVerified } from '../../src/modules/auth/users-repository.ts';
import { recordSecurityEvent } from '../../src/modules/security-events/index.ts';
import {
  accountCall,
  browser,
  CHROME_ON_WINDOWS,
  FIREFOX_ON_LINUX,
  logInFrom,
  SAFARI_ON_IOS,
  sessionIn,
  waitForMailAbout,
} from '../helpers/account.ts';
import { newPerson, signedInPerson, signUp, signUpVerified } from '../helpers/auth-flow.ts';
import { mailsOf } from '../helpers/mail.ts';
import { userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_SIGN_IN = 'New sign-in to your Netpulse account';

describe('a sign-in from a new browser', () => {
  const t = useTestApp();

  const noticesTo = (email: string) =>
    mailsOf(t).filter((mail) => mail.to === email && mail.subject === NEW_SIGN_IN);

  it('is mailed, but not the first sign-in after signup nor a browser the account used before', async () => {
    const person = await signUpVerified(t);
    const laptop = browser(CHROME_ON_WINDOWS, '203.0.113.7');
    await sessionIn(t, person, laptop);
    // The same browser again (its device cookie sent back): nothing to tell.
    t.clock.advance(3600_000);
    await sessionIn(t, person, laptop);

    const phone = browser(SAFARI_ON_IOS, '198.51.100.23');
    await sessionIn(t, person, phone);
    const mail = await waitForMailAbout(t, person.email, NEW_SIGN_IN, 0);
    // The only notice: the phone's (the others were sent before it, had there been any).
    expect(noticesTo(person.email)).toHaveLength(1);
    expect(mail.text.trimEnd()).toBe(
      'Your Netpulse account was signed in to from a browser it has not used before.\n\n' +
        'When: 2026-03-10 13:00 UTC\n' +
        'Browser: Safari on iOS\n' +
        'Network: 198.51.100.0/24\n\n' +
        'If it was you, there is nothing to do.\n' +
        'If it was not you, someone else may know your password: reset it now, then check the signed-in browsers and two-factor sign-in in your account settings.\n' +
        'Reset your password: http://localhost:8080/forgot-password\n\n' +
        'We mail you whenever the security of your Netpulse account changes, so that you notice what you did not do.',
    );
    expect(mail.raw).not.toContain('198.51.100.23');
    expect(mail.html).toContain('href="http://localhost:8080/forgot-password"');

    const events = await t.database.db
      .select({
        type: securityEvents.type,
        browser: securityEvents.browser,
        network: securityEvents.network,
      })
      .from(securityEvents)
      .where(eq(securityEvents.userId, await userIdOf(t, person)));
    expect(events).toEqual([
      { type: 'new_browser_sign_in', browser: 'Safari on iOS', network: '198.51.100.0/24' },
    ]);

    // Known now: the phone signs in again without a notice; a cookie that is not ours is a new browser.
    await sessionIn(t, person, phone);
    await sessionIn(t, person, {
      ...browser(FIREFOX_ON_LINUX, '192.0.2.1'),
      deviceCookie: 'forged',
    });
    await vi.waitFor(() => expect(noticesTo(person.email)).toHaveLength(2), { timeout: 5_000 });
    expect(noticesTo(person.email).at(-1)?.text).toContain('Browser: Firefox on Linux');
  });

  it('keeps the device in a long-lived cookie for the auth routes only, set when the browser has none', async () => {
    const person = await signUpVerified(t);
    const laptop = browser(CHROME_ON_WINDOWS, '203.0.113.7');
    const first = await logInFrom(t, person, laptop);
    const device = first.cookies.find((cookie) => cookie.name === 'np_device');
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/v1/api/auth',
      maxAge: 400 * 24 * 3600,
    });
    expect(device?.secure).toBeFalsy();
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Sent back, it is kept: no new cookie.
    const second = await logInFrom(t, person, laptop);
    expect(second.cookies.find((cookie) => cookie.name === 'np_device')).toBeUndefined();
    expect(laptop.deviceCookie).toBe(device?.value);
  });
});

describe('the changes of an account', () => {
  const t = useTestApp();

  it('are each mailed to the account: a password change, an email change asked, a session ended', async () => {
    const person = await signedInPerson(t);
    const from = browser(FIREFOX_ON_LINUX, '192.0.2.44');
    const other = await sessionIn(t, person, browser(SAFARI_ON_IOS, '198.51.100.3'));
    const mailsBefore = t.mails().length;

    const otherId = (await accountCall(t, other, 'GET', '/sessions'))
      .json()
      .data.find((session: { current: boolean }) => session.current).id;
    expect(
      (await accountCall(t, person, 'DELETE', `/sessions/${otherId}`, { from })).statusCode,
    ).toBe(200);
    const ended = await waitForMailAbout(
      t,
      person.email,
      'A browser was signed out of your Netpulse account',
      mailsBefore,
    );
    expect(ended.text).toContain('Browser: Firefox on Linux\nNetwork: 192.0.2.0/24');

    const asked = await accountCall(t, person, 'POST', '/email', {
      payload: { newEmail: 'moving@example.com', password: person.password },
      from,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Told at the current address, not the new one.
    await waitForMailAbout(
      t,
      person.email,
      'A new email address was asked for your Netpulse account',
      mailsBefore,
    );

    const changed = await accountCall(t, person, 'POST', '/password', {
      payload: { currentPassword: person.password, newPassword: 'a much better secret' },
      from,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await waitForMailAbout(t, person.email, 'Your Netpulse password was changed', mailsBefore);

    const types = await t.database.db
      .select({ type: securityEvents.type })
      .from(securityEvents)
      .where(eq(securityEvents.userId, await userIdOf(t, person)));
    expect(types.map((row) => row.type).sort()).toEqual(
      ['email_change_requested', 'new_browser_sign_in', 'password_changed', 'session_ended'].sort(),
    );
  });

  it("are mailed in the account's language", async () => {
    const person = await signedInPerson(t);
    const spanish = await accountCall(t, person, 'PATCH', '/preferences', {
      payload: { locale: 'es' },
    });
    expect(spanish.statusCode).toBe(200);
    const mailsBefore = t.mails().length;
    const changed = await accountCall(t, person, 'POST', '/password', {
      payload: { currentPassword: person.password, newPassword: 'a much better secret' },
      from: browser(CHROME_ON_WINDOWS, '203.0.113.7'),
    });
    expect(changed.statusCode).toBe(200);
    const mail = await waitForMailAbout(
      t,
      person.email,
      'Se cambió la contraseña de tu cuenta de Netpulse',
      mailsBefore,
    );
    expect(mail.text).toContain('Cuándo: 2026-03-10 12:00 UTC');
    expect(mail.text).toContain('Navegador: Chrome on Windows');
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
  });

  it('go only once the change committed: a change rolled back mails nothing', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const rolledBack = new Error('rolled back');
    await expect(
      inTransaction(t.app.db, async (tx) => {
        await recordSecurityEvent(t.app, { userId, type: 'two_factor_disabled' }, tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // A committed one afterwards: once its mail is written, the first would have been too.
    await recordSecurityEvent(t.app, { userId, type: 'two_factor_enabled' });
    await waitForMailAbout(
      t,
      person.email,
      'Two-factor sign-in is on for your Netpulse account',
      0,
    );
    expect(
      mailsOf(t).filter((mail) => mail.subject.startsWith('Two-factor sign-in is off')),
    ).toEqual([]);
    const types = await t.database.db
      .select({ type: securityEvents.type })
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId));
    expect(types).toEqual([{ type: 'two_factor_enabled' }]);
  });
});

describe('a mail server that is down', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeEach(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().trim().split('\n')));
    // Nothing listens on port 9 (discard) here: every send fails to connect.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, logStream });
  });
  afterEach(async () => {
    await t.close();
    logLines.length = 0;
  });

  it('changes no answer: a new browser signs in and a password changes, and the failures are logged', async () => {
    // Verified by hand: the verification mail cannot be sent either.
    const person = newPerson();
    expect((await signUp(t, person)).statusCode).toBe(200);
    await markEmailVerified(t.database.db, await userIdOf(t, person), t.clock.now());
    await sessionIn(t, person, browser(CHROME_ON_WINDOWS, '203.0.113.7'));
    const phone = await sessionIn(t, person, browser(SAFARI_ON_IOS, '198.51.100.23'));
    const changed = await accountCall(t, phone, 'POST', '/password', {
      payload: { currentPassword: person.password, newPassword: 'a much better secret' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await vi.waitFor(
      () => {
        const failures = logLines
          .filter((line) => line.includes('mail could not be sent'))
          .map((line) => JSON.parse(line).purpose);
        expect(failures.filter((purpose) => purpose === 'security-notice')).toHaveLength(2);
      },
      { timeout: 10_000 },
    );
  });
});
