/**
 * A sign-in in two steps (issue 29) on a fresh database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the right password of an account with its authenticator app on answers
 * a challenge and no session; a code or a recovery code finishes it exactly as a login
 * answers. A code and a recovery code work once, the challenge lives 5 minutes and takes 5
 * wrong codes, wrong codes count in the login throttle, and (with TEST_REDIS_URL) two servers
 * on one database share the challenge and the throttle.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_VALIDATION,
  SERVER_MESSAGE_TEMPLATES,
  SERVER_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@netpulse/shared';
import { refreshFamilies } from '../../src/db/tables/auth-tables.ts';
import { fromPostgres } from '../../src/db/client.ts';
import { english } from '../../src/lib/server-intl.ts';
import {
  logIn,
  newPerson,
  profile,
  refreshCookieOf,
  signedInPerson,
  signUpVerified,
} from '../helpers/auth-flow.ts';
import { countRows } from '../helpers/database.ts';
import { heartbeat, signedInNode } from '../helpers/nodes.ts';
import { call } from '../helpers/points.ts';
import { freshPostgresDatabase } from '../helpers/test-database.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { codeNow, secondStep, TOTP_STEP_MS, turnOnTotp } from '../helpers/two-factor.ts';

const THIRTY_DAYS_S = 30 * 24 * 3600;
const FIVE_MINUTES = 5 * 60_000;

const signInAgain = { success: false, message: ACCOUNT_VALIDATION.challengeRequired };
/** A wrong code is said on its field (400): the step stays, the challenge counts it. */
const wrongCode = {
  success: false,
  message: TWO_FACTOR_MESSAGES.wrongCode,
  errors: { code: [TWO_FACTOR_MESSAGES.wrongCode] },
};

/** A code that is not the one the app shows now. */
const notThe = (code: string) => (code === '000000' ? '111111' : '000000');

/** The challenge of a password step that asked for the second one. */
function challengeOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({
    success: true,
    message: TWO_FACTOR_MESSAGES.codeNeeded,
    data: { twoFactorRequired: true, challenge: expect.any(String) },
  });
  return response.json().data.challenge as string;
}

/** A person with the authenticator app on, the clock one step past the confirming code. */
async function withTotp(app: TestApp) {
  const person = await signedInPerson(app);
  const totp = await turnOnTotp(app, person);
  app.clock.advance(TOTP_STEP_MS);
  return { ...person, ...totp };
}

describe('on one server', () => {
  const t = useTestApp();

  it('answers the right password with a challenge and nothing else; a code finishes it as a login does', async () => {
    const person = await withTotp(t);
    const sessionsBefore = await countRows(t.database, refreshFamilies);

    const passwordStep = await logIn(t, person.email);
    const challenge = challengeOf(passwordStep);
    expect(passwordStep.headers['set-cookie']).toBeUndefined();
    expect(await countRows(t.database, refreshFamilies)).toBe(sessionsBefore);

    const code = codeNow(t, person.secret);
    const finished = await secondStep(t, { challenge, code });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({
      success: true,
      message: SERVER_MESSAGES.loggedIn,
      data: { accessToken: expect.any(String) },
    });
    expect(refreshCookieOf(finished)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/v1/api/auth',
      maxAge: THIRTY_DAYS_S,
    });
    expect(await countRows(t.database, refreshFamilies)).toBe(sessionsBefore + 1);
    const signedIn = { accessToken: finished.json().data.accessToken as string };
    expect((await profile(t, signedIn.accessToken)).json().data.username).toBe(person.username);

    // The challenge is used: not even the next right code signs in with it again.
    t.clock.advance(TOTP_STEP_MS);
    expect((await secondStep(t, { challenge, code: codeNow(t, person.secret) })).json()).toEqual(
      signInAgain,
    );
    // A code is accepted once: the same code on a new sign-in, in its window, is refused.
    const replayed = await secondStep(t, {
      challenge: challengeOf(await logIn(t, person.username)),
      code,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(wrongCode);

    // The extension hand-off starts from this web session, as for any account.
    const node = await signedInNode(t, signedIn);
    const beat = await heartbeat(t, node);
    expect(beat.statusCode, beat.body).toBe(200);
  });

  it('takes a recovery code once, as typed in any case; the second use is refused', async () => {
    const person = await withTotp(t);
    const recoveryCode = person.recoveryCodes[3]!;
    const first = await secondStep(t, {
      challenge: challengeOf(await logIn(t, person.username)),
      recoveryCode: recoveryCode.toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ accessToken: expect.any(String) });
    const status = await call(
      t,
      { accessToken: first.json().data.accessToken },
      'GET',
      '/account/two-factor',
    );
    expect(status.json().data).toMatchObject({ totp: true, recovery_codes_left: 9 });

    const again = await secondStep(t, {
      challenge: challengeOf(await logIn(t, person.username)),
      recoveryCode,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      errors: { recoveryCode: [TWO_FACTOR_MESSAGES.wrongRecoveryCode] },
    });
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it('lets a challenge live five minutes', async () => {
    const person = await withTotp(t);
    const challenge = challengeOf(await logIn(t, person.username));
    t.clock.advance(FIVE_MINUTES + 1_000);
    const late = await secondStep(t, { challenge, code: codeNow(t, person.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(signInAgain);
    expect(refreshCookieOf(late)).toBeUndefined();
  });

  it('kills a challenge at its fifth wrong code, and counts each in the login throttle', async () => {
    const person = await withTotp(t);
    const challenge = challengeOf(await logIn(t, person.username));
    const wrong = notThe(codeNow(t, person.secret));
    for (let i = 1; i <= 4; i++) {
      expect((await secondStep(t, { challenge, code: wrong })).json(), `wrong code ${i}`).toEqual(
        wrongCode,
      );
    }
    const fifth = await secondStep(t, { challenge, code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({
      success: false,
      message: TWO_FACTOR_MESSAGES.tooManyWrongCodes,
    });
    const dead = await secondStep(t, { challenge, code: codeNow(t, person.secret) });
    expect(dead.json()).toEqual(signInAgain);

    // Five wrong codes from this address throttle the account's name here, as five wrong
    // passwords do: its password step...
    const locked = english(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes: 15 });
    const password = await logIn(t, person.username);
    expect(password.statusCode).toBe(429);
    expect(password.json()).toEqual({ success: false, message: locked });
    // ...and the second step of a sign-in begun elsewhere, right code or not.
    const elsewhere = challengeOf(await logIn(t, person.username, undefined, '198.51.100.7'));
    const here = await secondStep(t, { challenge: elsewhere, code: codeNow(t, person.secret) });
    expect(here.statusCode).toBe(429);
    expect(here.json()).toEqual({ success: false, message: locked });
    // From the other address the same challenge still signs in.
    const there = await secondStep(
      t,
      { challenge: elsewhere, code: codeNow(t, person.secret) },
      '198.51.100.7',
    );
    expect(there.statusCode, there.body).toBe(200);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))(
  'two servers on one PostgreSQL database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL)',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      database = (await freshPostgresDatabase())!;
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL!,
        // One secret, as every server sharing a database has (README "Running more than one server").
        AUTH_SECRET: randomBytes(32).toString('hex'),
        // The per-address rate limits live in Redis too: other test files share it.
        RATE_LIMIT_DISABLED: 'true',
      };
      a = await createTestApp({ env, database: fromPostgres(database.url, 4) });
      b = await createTestApp({ env, database: fromPostgres(database.url, 4) });
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('share the challenge and the throttle: wrong codes on either count together', async () => {
      // A name and an address of this run only: the counts in Redis are every run's.
      const tag = randomBytes(4).toString('hex');
      const person = await signUpVerified(a, newPerson({ username: `two_servers_${tag}` }));
      const from = `203.0.113.${(parseInt(tag.slice(0, 2), 16) % 250) + 1}`;
      const login = await logIn(a, person.username, person.password, from);
      const signedIn = { accessToken: login.json().data.accessToken as string };
      const { secret } = await turnOnTotp(a, signedIn);
      for (const app of [a, b]) app.clock.advance(TOTP_STEP_MS);

      const challenge = challengeOf(await logIn(b, person.username, person.password, from));
      const wrong = notThe(codeNow(a, secret));
      for (const app of [a, b, a, b]) {
        expect((await secondStep(app, { challenge, code: wrong }, from)).json()).toEqual(wrongCode);
      }
      const fifth = await secondStep(a, { challenge, code: wrong }, from);
      expect(fifth.json()).toEqual({
        success: false,
        message: TWO_FACTOR_MESSAGES.tooManyWrongCodes,
      });
      // Dead on the other server too, and the name throttled on both.
      expect((await secondStep(b, { challenge, code: codeNow(b, secret) }, from)).json()).toEqual(
        signInAgain,
      );
      for (const app of [a, b]) {
        expect((await logIn(app, person.username, person.password, from)).statusCode).toBe(429);
      }
    });

    it('accept a code once, whichever server takes it', async () => {
      const tag = randomBytes(4).toString('hex');
      const person = await signUpVerified(a, newPerson({ username: `two_servers_${tag}` }));
      const from = `192.0.2.${(parseInt(tag.slice(0, 2), 16) % 250) + 1}`;
      const login = await logIn(a, person.username, person.password, from);
      const { secret } = await turnOnTotp(a, { accessToken: login.json().data.accessToken });
      for (const app of [a, b]) app.clock.advance(TOTP_STEP_MS);

      const challenges = [
        challengeOf(await logIn(a, person.username, person.password, from)),
        challengeOf(await logIn(b, person.username, person.password, from)),
      ];
      const code = codeNow(a, secret);
      const answers = await Promise.all([
        secondStep(a, { challenge: challenges[0]!, code }, from),
        secondStep(b, { challenge: challenges[1]!, code }, from),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });
  },
);
