/**
 * The first run's server side (docs/decisions/033): "Resend the email" (its limits,
 * one answer for every address), a banned session's refusal with what the person
 * is told, and the dashboard checklist's state.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES, waitValues } from '@netpulse/shared';
import {
  AUTH,
  logIn,
  newPerson,
  refresh,
  signedInPerson,
  signUp,
  signUpVerified,
  verificationTokenFor,
} from '../helpers/auth-flow.ts';
import { signedInAdmin } from '../helpers/admins.ts';
import { mailsOf, waitForMailTo } from '../helpers/mail.ts';
import { removeNode, signedInNode } from '../helpers/nodes.ts';
import {
  call,
  completeSpeedtest,
  dailyClaim,
  measuredSpeedtest,
  userIdOf,
} from '../helpers/points.ts';
import { referralCodeOf } from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

const t = useTestApp();

const resend = (email: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}/resend-verification`,
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const sent = { success: true, message: SERVER_MESSAGES.verificationResent };
const waiting = (seconds: number) => ({
  success: false,
  message: english(SERVER_MESSAGE_TEMPLATES.resendWait, waitValues(seconds)),
  data: { retryAfterSeconds: seconds },
});

/** Lets the background work after an answer (the mail) finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('POST /auth/resend-verification', () => {
  it('mails a new link that verifies, once a minute after sign-up, and names the wait', async () => {
    const person = newPerson();
    expect((await signUp(t, person)).statusCode).toBe(200);

    // Sign-up's own mail counts: the minute runs from it.
    t.clock.advance(18_000);
    const early = await resend(person.email);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual(waiting(42));
    expect(early.headers['retry-after']).toBe('42');

    t.clock.advance(42_000);
    const mailsBefore = t.mails().length;
    const response = await resend(person.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...sent, data: { retryAfterSeconds: 60 } });
    const token = await verificationTokenFor(t, person.email, mailsBefore);
    const verified = await t.app.inject({ method: 'GET', url: `${AUTH}/verify-email/${token}` });
    expect(verified.statusCode).toBe(200);
  });

  it('allows a few an hour per address, then names the wait until the hour ends', async () => {
    const email = newPerson().email;
    for (let i = 0; i < 5; i++) {
      expect((await resend(email)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    const refused = await resend(email);
    expect(refused.statusCode).toBe(429);
    // The window opened with the first mail, five minutes ago.
    expect(refused.json()).toEqual(waiting(55 * 60));
    t.clock.advance(55 * 60_000);
    expect((await resend(email)).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const known = newPerson();
    expect((await signUp(t, known)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const unknown = newPerson().email;

    const mailsBefore = t.mails().length;
    const [forKnown, forUnknown] = [await resend(known.email), await resend(unknown)];
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    // The limit too: the same wait for both.
    t.clock.advance(1_000);
    expect((await resend(unknown)).json()).toEqual((await resend(known.email)).json());

    await waitForMailTo(t, known.email, mailsBefore);
    await settled();
    expect(mailsOf(t).filter((mail) => mail.to === unknown)).toEqual([]);
  });

  it('tells a verified account it can log in, with no new link', async () => {
    const person = await signUpVerified(t);
    t.clock.advance(60_000);
    const mailsBefore = t.mails().length;
    const response = await resend(person.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...sent, data: { retryAfterSeconds: 60 } });
    const mail = await waitForMailTo(t, person.email, mailsBefore);
    expect(mail.subject).toMatch(/already verified/);
    expect(mail.text).not.toMatch(/verify-email/);
  });

  it.each([
    ['no address', undefined],
    ['not an address', 'someone'],
    ['a number', 42],
  ])('refuses %s with 400 and mails nothing', async (_name, email) => {
    const mailsBefore = t.mails().length;
    const response = await resend(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: { email: expect.any(Array) } });
    await settled();
    expect(t.mails().length).toBe(mailsBefore);
  });
});

describe('a banned account', () => {
  async function banned(notice?: string) {
    const boss = await signedInAdmin(t);
    const person = await signedInPerson(t);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/users/${await userIdOf(t, person)}/actions`,
      headers: { authorization: `Bearer ${boss.accessToken}` },
      payload: { action: 'ban', reason: 'farm of five accounts', notice },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    return person;
  }

  it("is told at its session's refresh, with the operator's words for the person", async () => {
    const person = await banned('Several accounts ran tests from one machine.');
    // The open tab's next call fails, and its refresh says why.
    expect((await dailyClaim(t, person)).statusCode).toBe(401);
    const response = await refresh(t, person.refreshToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.accountBanned,
      data: { banned: true, reason: 'Several accounts ran tests from one machine.' },
    });
    // And so does a login with the right password (never the wrong one).
    const login = await logIn(t, person.username);
    expect(login.statusCode).toBe(403);
    expect(login.json().data).toEqual({
      banned: true,
      reason: 'Several accounts ran tests from one machine.',
    });
    expect((await logIn(t, person.username, 'wrong password')).statusCode).toBe(401);
  });

  it('is told without a reason when the operator gave none to show (the internal one stays)', async () => {
    const person = await banned('   ');
    const response = await refresh(t, person.refreshToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().data).toEqual({ banned: true, reason: null });
    expect(response.body).not.toContain('farm of five accounts');
  });

  it('an unbanned account refreshes no more (its sessions ended) but logs in again', async () => {
    const person = await banned('Shown');
    const boss = await signedInAdmin(t);
    const unban = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/users/${await userIdOf(t, person)}/actions`,
      headers: { authorization: `Bearer ${boss.accessToken}` },
      payload: { action: 'unban', reason: 'appeal accepted' },
    });
    expect(unban.statusCode, unban.body).toBe(200);
    const response = await refresh(t, person.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toBeUndefined();
    expect((await logIn(t, person.username)).statusCode).toBe(200);
  });
});

describe('GET /first-run', () => {
  const state = async (person: { accessToken: string }) => {
    const response = await call(t, person, 'GET', '/first-run');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('ticks each step as it is done, and a removed extension stays ticked', async () => {
    const person = await signedInPerson(t);
    expect(await state(person)).toEqual({
      email_verified: true,
      extension_signed_in: false,
      first_test: false,
      first_daily_claim: false,
      first_friend_invited: false,
    });

    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect(await state(person)).toMatchObject({ first_daily_claim: true, first_test: false });

    const testId = await measuredSpeedtest(t, person);
    expect((await completeSpeedtest(t, person, { testId })).statusCode).toBe(200);
    expect(await state(person)).toMatchObject({ first_test: true });

    const node = await signedInNode(t, person);
    expect(await state(person)).toMatchObject({ extension_signed_in: true });
    const removed = await removeNode(t, person, node.nodeId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await state(person)).toMatchObject({ extension_signed_in: true });

    await signUp(t, newPerson(), { referralCode: await referralCodeOf(t, person) });
    expect(await state(person)).toEqual({
      email_verified: true,
      extension_signed_in: true,
      first_test: true,
      first_daily_claim: true,
      first_friend_invited: true,
    });
  });

  it("reads only the caller's own steps, and needs a session", async () => {
    const friend = await signedInPerson(t);
    await dailyClaim(t, friend);
    const person = await signedInPerson(t);
    expect(await state(person)).toMatchObject({ first_daily_claim: false });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/api/first-run' });
    expect(anonymous.statusCode).toBe(401);
  });
});
