/**
 * An authenticator app as a second factor (issue 29), through the account's routes on a
 * fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL): set up with a secret the
 * test turns into codes as an app does, confirmed by a first code, recovery codes shown once
 * and kept hashed, renewed and turned off with a code only, a code accepted once; and the
 * console's rule that an admin has a second factor (ADMIN_REQUIRE_2FA).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_VALIDATION, SERVER_MESSAGES, TWO_FACTOR_MESSAGES } from '@netpulse/shared';
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import { recoveryCodes, totpFactors } from '../../src/db/tables/two-factor-tables.ts';
import { ADMIN_SECRET_FILE } from '../../src/modules/cli-relay/relay-address.ts';
import { signedInAdmin } from '../helpers/admins.ts';
import { logIn, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { API, call, userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { codeAt, codeNow, TOTP_STEP_MS, turnOnTotp } from '../helpers/two-factor.ts';

const t = useTestApp();

const TWO_FACTOR = '/account/two-factor';

const status = (person: SignedIn) => call(t, person, 'GET', TWO_FACTOR);
const setUp = (person: SignedIn) => call(t, person, 'POST', `${TWO_FACTOR}/totp`);
const confirm = (person: SignedIn, code: string) =>
  call(t, person, 'POST', `${TWO_FACTOR}/totp/confirm`, { payload: { code } });
const turnOff = (person: SignedIn, proof: { code?: string; recoveryCode?: string }) =>
  t.app.inject({
    method: 'DELETE',
    url: `${API}${TWO_FACTOR}/totp`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    payload: proof,
  });
const renew = (person: SignedIn, proof: { code?: string; recoveryCode?: string }) =>
  call(t, person, 'POST', `${TWO_FACTOR}/recovery-codes`, { payload: proof });

/** The account's second-factor events (a sign-in's new-browser event is the sessions' test's). */
async function eventsOf(person: SignedIn): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: securityEvents.type })
    .from(securityEvents)
    .where(eq(securityEvents.userId, await userIdOf(t, person)))
    .orderBy(securityEvents.id);
  return rows.map((row) => row.type).filter((type) => type !== 'new_browser_sign_in');
}

const refusal = (message: string, field?: string) => ({
  success: false,
  message,
  ...(field ? { errors: { [field]: [message] } } : {}),
});

describe('setting up an authenticator app', () => {
  it('answers a secret waiting for its first code, which turns two-factor sign-in on with ten recovery codes', async () => {
    const person = await signedInPerson(t);
    expect((await status(person)).json().data).toEqual({
      totp: false,
      recovery_codes_left: 0,
      passkeys: 0,
    });

    const first = await setUp(person);
    expect(first.statusCode, first.body).toBe(200);
    const { secret, otpauthUrl } = first.json().data;
    expect(first.json().message).toBe(TWO_FACTOR_MESSAGES.setupStarted);
    // 20 bytes in base32, what every authenticator app reads from the QR code.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Netpulse:${person.username}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Netpulse',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Kept sealed: a copy of the database does not hold the secret.
    const [stored] = await t.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, await userIdOf(t, person)));
    expect(stored?.confirmedAt).toBeNull();
    expect(stored?.secret).not.toContain(secret);

    // Waiting is not on: the password alone still signs in.
    expect((await status(person)).json().data.totp).toBe(false);
    const login = await logIn(t, person.username);
    expect(login.json().data).toEqual({ accessToken: expect.any(String) });

    // A second setup replaces the waiting secret: the first one's codes no longer confirm.
    const second = (await setUp(person)).json().data.secret as string;
    expect(second).not.toBe(secret);
    const stale = await confirm(person, codeNow(t, secret));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(refusal(TWO_FACTOR_MESSAGES.wrongCode, 'code'));

    const confirmed = await confirm(person, codeNow(t, second));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(TWO_FACTOR_MESSAGES.turnedOn);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Kept as keyed hashes: neither the codes nor their plain SHA-256.
    const rows = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userIdOf(t, person)));
    expect(rows).toHaveLength(10);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const code of codes) {
      const bare = code.replace('-', '');
      for (const row of rows) {
        expect([code, bare, sha256(code), sha256(bare)]).not.toContain(row.codeHash);
      }
    }

    expect((await status(person)).json().data).toEqual({
      totp: true,
      recovery_codes_left: 10,
      passkeys: 0,
    });
    expect(await eventsOf(person)).toEqual(['two_factor_enabled']);

    // On already: no new setup, no second confirmation, until it is turned off.
    for (const again of [await setUp(person), await confirm(person, codeNow(t, second))]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(refusal(TWO_FACTOR_MESSAGES.alreadyOn));
    }
  });

  it('refuses a confirmation with nothing set up, and a code that is not six digits', async () => {
    const person = await signedInPerson(t);
    const nothing = await confirm(person, '123456');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual(refusal(TWO_FACTOR_MESSAGES.noSetupWaiting));
    await setUp(person);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await confirm(person, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().message).toBe(SERVER_MESSAGES.validationFailed);
      expect(response.json().errors.code).toEqual([
        code === '' ? ACCOUNT_VALIDATION.codeRequired : ACCOUNT_VALIDATION.codeFormat,
      ]);
    }
    expect((await status(person)).json().data.totp).toBe(false);
  });
});

describe('with the app on', () => {
  it('renews the recovery codes and turns off with a right code only, each code once', async () => {
    const person = await signedInPerson(t);
    const { secret, recoveryCodes: firstCodes } = await turnOnTotp(t, person);
    const confirmedAt = t.clock.now();

    // The confirming code again, in its own time step: a replay.
    const replayed = await renew(person, { code: codeAt(secret, confirmedAt) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(refusal(TWO_FACTOR_MESSAGES.wrongCode, 'code'));

    t.clock.advance(TOTP_STEP_MS);
    const renewed = await renew(person, { code: codeNow(t, secret) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().message).toBe(TWO_FACTOR_MESSAGES.recoveryCodesRenewed);
    const newCodes = renewed.json().data.recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);

    // The old set stops working; a wrong code and a code from two steps ago turn nothing off.
    t.clock.advance(TOTP_STEP_MS);
    const oldRecovery = await turnOff(person, { recoveryCode: firstCodes[0] });
    expect(oldRecovery.statusCode).toBe(400);
    expect(oldRecovery.json()).toEqual(
      refusal(TWO_FACTOR_MESSAGES.wrongRecoveryCode, 'recoveryCode'),
    );
    const right = codeNow(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await turnOff(person, { code: wrong })).statusCode).toBe(400);
    const twoStepsAgo = codeAt(secret, new Date(t.clock.now().getTime() - 2 * TOTP_STEP_MS));
    expect((await turnOff(person, { code: twoStepsAgo })).statusCode).toBe(400);
    // Neither a code and a recovery code together.
    const both = await turnOff(person, { code: right, recoveryCode: newCodes[0] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.code).toEqual([ACCOUNT_VALIDATION.codeOrRecoveryCode]);
    expect((await status(person)).json().data).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
    });

    // A new recovery code turns it off (for a person without their phone); its codes go too.
    const off = await turnOff(person, { recoveryCode: newCodes[1]!.toUpperCase() });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.turnedOff);
    expect((await status(person)).json().data).toEqual({
      totp: false,
      recovery_codes_left: 0,
      passkeys: 0,
    });
    const left = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userIdOf(t, person)));
    expect(left).toEqual([]);
    expect(await eventsOf(person)).toEqual([
      'two_factor_enabled',
      'recovery_codes_regenerated',
      'two_factor_disabled',
    ]);

    // Off: nothing to turn off or renew; the password alone signs in again.
    for (const refused of [
      await turnOff(person, { code: codeNow(t, secret) }),
      await renew(person, { code: codeNow(t, secret) }),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(refusal(TWO_FACTOR_MESSAGES.notOn));
    }
    expect((await logIn(t, person.username)).json().data).toEqual({
      accessToken: expect.any(String),
    });
  });

  it("counts wrong codes on the account's settings in the login throttle", async () => {
    const person = await signedInPerson(t);
    const { secret } = await turnOnTotp(t, person);
    t.clock.advance(TOTP_STEP_MS);
    const right = codeNow(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await turnOff(person, { code: wrong })).statusCode).toBe(400);
    // The sixth try from this address is refused before the code is looked at, right or not.
    const locked = await turnOff(person, { code: right });
    expect(locked.statusCode).toBe(429);
    expect((await status(person)).json().data.totp).toBe(true);
  });
});

describe('the console and ADMIN_REQUIRE_2FA', () => {
  const consoleRead = (app: TestApp, person: Pick<SignedIn, 'accessToken'>) =>
    app.app.inject({
      method: 'GET',
      url: '/v1/admin/users',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });

  it('refuses an admin without a second factor, saying so and flagged, until they add one', async () => {
    const boss = await signedInAdmin(t, { secondFactor: false });
    const refused = await consoleRead(t, boss);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: TWO_FACTOR_MESSAGES.consoleNeedsSecondFactor,
      data: { twoFactorSetupRequired: true },
    });
    // A member is refused for the role, without the flag.
    const member = await signedInPerson(t);
    expect((await consoleRead(t, member)).json()).toEqual({
      success: false,
      message: ADMIN_MESSAGES.forbidden,
    });
    // The command line's relay does not ask (it is not a person's session).
    const secret = readFileSync(join(t.config.DATA_DIR, ADMIN_SECRET_FILE), 'utf8').trim();
    const relayed = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/commands',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${secret}` },
      payload: { argv: ['invite'] },
    });
    expect(relayed.statusCode, relayed.body).toBe(200);

    // The same session opens the console the moment the app is on.
    await turnOnTotp(t, boss);
    expect((await consoleRead(t, boss)).statusCode).toBe(200);
  });

  it('lets an admin without a second factor in when ADMIN_REQUIRE_2FA=false', async () => {
    const relaxed = await createTestApp({ env: { ADMIN_REQUIRE_2FA: 'false' } });
    try {
      const boss = await signedInAdmin(relaxed, { secondFactor: false });
      const response = await consoleRead(relaxed, boss);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});
