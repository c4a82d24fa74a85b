/**
 * Passkeys (issue 29): adding them on the Account screen, listing, renaming and removing
 * them, and signing in with one on /login without a username. A software authenticator
 * (helpers/webauthn-authenticator.ts) plays the browser and its authenticator, so every
 * check of the server is met by real WebAuthn data and each can be broken on purpose.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_VALIDATION,
  PASSKEY_MESSAGE_TEMPLATES,
  PASSKEY_MESSAGES,
  SERVER_MESSAGES,
} from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import { passkeys, signInChallenges } from '../../src/db/tables/two-factor-tables.ts';
import { banUser } from '../../src/modules/auth/ban-service.ts';
import { english } from '../../src/lib/server-intl.ts';
import {
  AUTH,
  logIn,
  newPerson,
  profile,
  refreshCookieOf,
  signedInPerson,
  type SignedIn,
} from '../helpers/auth-flow.ts';
import { countRows } from '../helpers/database.ts';
import { userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { SoftwareAuthenticator } from '../helpers/webauthn-authenticator.ts';

const ACCOUNT = '/v1/api/account';
const FIVE_MINUTES = 5 * 60_000;
const THIRTY_DAYS_S = 30 * 24 * 3600;

const t = useTestApp();

function asPerson(person: SignedIn, request: { method: string; url: string; payload?: object }) {
  return t.app.inject({
    ...request,
    method: request.method as 'GET',
    headers: { authorization: `Bearer ${person.accessToken}`, 'user-agent': CHROME },
  });
}

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

async function registrationOptions(person: SignedIn) {
  const response = await asPerson(person, { method: 'POST', url: `${ACCOUNT}/passkeys/options` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>;
}

function addPasskey(person: SignedIn, name: string, response: object) {
  return asPerson(person, {
    method: 'POST',
    url: `${ACCOUNT}/passkeys`,
    payload: { name, response },
  });
}

/** Registration options, the authenticator's answer to them, and the added passkey. */
async function passkeyAdded(
  person: SignedIn,
  authenticator: SoftwareAuthenticator,
  name = 'Phone',
) {
  const options = await registrationOptions(person);
  const added = await addPasskey(person, name, authenticator.register(options));
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data as { id: string; name: string };
}

async function signInOptions(from?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/passkey/options`,
    ...(from ? { remoteAddress: from } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { challenge: string; options: Record<string, unknown> };
}

function passkeySignIn(challenge: string, response: object, from?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${AUTH}/passkey`,
    ...(from ? { remoteAddress: from } : {}),
    payload: { challenge, response },
  });
}

/** A whole passkey sign-in: options, the authenticator's assertion, the answer. */
async function signInWith(
  authenticator: SoftwareAuthenticator,
  overrides: Parameters<SoftwareAuthenticator['signIn']>[1] = {},
  from?: string,
) {
  const { challenge, options } = await signInOptions(from);
  return passkeySignIn(challenge, authenticator.signIn(options, overrides), from);
}

function listPasskeys(person: SignedIn) {
  return asPerson(person, { method: 'GET', url: `${ACCOUNT}/passkeys` });
}

/** The account's events, newest first. */
async function eventsOf(person: SignedIn): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: securityEvents.type })
    .from(securityEvents)
    .where(eq(securityEvents.userId, await userIdOf(t, person)))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id));
  return rows.map((row) => row.type);
}

describe('adding a passkey', () => {
  it('offers options for a discoverable credential of this site, named by an opaque handle', async () => {
    const person = await signedInPerson(t);
    const options = await registrationOptions(person);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: t.config.PRODUCT_NAME },
      user: { name: person.username, displayName: person.username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
      timeout: FIVE_MINUTES,
    });
    const handle = Buffer.from((options.user as { id: string }).id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString('latin1')).not.toContain(person.email);
    // The same account always has the same handle; another account another.
    const again = await registrationOptions(person);
    expect((again.user as { id: string }).id).toBe((options.user as { id: string }).id);
    const other = await registrationOptions(await signedInPerson(t));
    expect((other.user as { id: string }).id).not.toBe((options.user as { id: string }).id);
  });

  it('adds the passkey, lists it, records the event, and excludes it from the next options', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const options = await registrationOptions(person);
    const added = await addPasskey(person, '  Work laptop ', authenticator.register(options));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      success: true,
      message: PASSKEY_MESSAGES.added,
      data: {
        id: expect.any(String),
        name: 'Work laptop',
        created_at: t.clock.now().toISOString(),
        last_used_at: null,
      },
    });
    const list = await listPasskeys(person);
    expect(list.json().data).toEqual([added.json().data]);
    expect(await eventsOf(person)).toEqual(['passkey_added']);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored).toMatchObject({
      credentialId: authenticator.credentials[0]!.id,
      signCount: 0,
      transports: 'internal,hybrid',
    });

    const next = await registrationOptions(person);
    expect(next.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]!.id,
        type: 'public-key',
        transports: ['internal', 'hybrid'],
      },
    ]);
  });

  it('uses the options once: the same answer again, or after 5 minutes, is refused', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const response = authenticator.register(await registrationOptions(person));
    expect((await addPasskey(person, 'Phone', response)).statusCode).toBe(200);
    const again = await addPasskey(person, 'Phone', response);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.registrationExpired });

    const late = authenticator.register(await registrationOptions(person));
    t.clock.advance(FIVE_MINUTES + 1);
    const expired = await addPasskey(person, 'Tablet', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSKEY_MESSAGES.registrationExpired);
    expect(await countRows(t.database, passkeys)).toBe(1);
  });

  it('only the newest options count: an answer to earlier ones is refused', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const first = await registrationOptions(person);
    await registrationOptions(person);
    const refused = await addPasskey(person, 'Phone', authenticator.register(first));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notVerified);
    // One registration challenge per account, however often it asks.
    expect(await countRows(t.database, signInChallenges)).toBe(1);
  });

  it('refuses an answer from another origin, and one another account asked for', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const options = await registrationOptions(person);
    const foreign = authenticator.register(options, { origin: 'https://evil.example' });
    const refused = await addPasskey(person, 'Phone', foreign);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notVerified);

    // Someone else's options answered, sent with this person's session.
    const stranger = await signedInPerson(t);
    const theirs = authenticator.register(await registrationOptions(stranger));
    await registrationOptions(person);
    const mixed = await addPasskey(person, 'Phone', theirs);
    expect(mixed.statusCode).toBe(400);
    expect(await countRows(t.database, passkeys)).toBe(0);
    expect(await eventsOf(person)).toEqual([]);
  });

  it('refuses an authenticator that does not verify its user, saying why', async () => {
    const person = await signedInPerson(t);
    const options = await registrationOptions(person);
    const response = new SoftwareAuthenticator().register(options, { userVerified: false });
    const refused = await addPasskey(person, 'Key', response);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.userNotVerified });
  });

  it('answers 409 to a credential already added, to this account or another', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const held = authenticator.credentials[0]!;
    const stranger = await signedInPerson(t);
    for (const who of [person, stranger]) {
      // An authenticator that ignores excludeCredentials attests the same credential again.
      const again = authenticator.register(await registrationOptions(who), { credential: held });
      const conflict = await addPasskey(who, 'Again', again);
      expect(conflict.statusCode, conflict.body).toBe(409);
      expect(conflict.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.alreadyAdded });
    }
    expect(await countRows(t.database, passkeys)).toBe(1);
    expect(await eventsOf(stranger)).toEqual([]);
  });

  it(`caps an account's passkeys, at the options and at the adding`, async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const storePasskeys = (count: number, from: number) =>
      t.database.db.insert(passkeys).values(
        Array.from({ length: count }, (_, i) => ({
          userId,
          credentialId: `credential-${from + i}`,
          publicKey: 'AA',
          name: `Key ${from + i}`,
        })),
      );
    await storePasskeys(19, 0);
    const options = await registrationOptions(person);
    await storePasskeys(1, 19);
    const tooMany = {
      success: false,
      message: english(PASSKEY_MESSAGE_TEMPLATES.tooMany, { count: 20 }),
    };
    const added = await addPasskey(
      person,
      'One more',
      new SoftwareAuthenticator().register(options),
    );
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(tooMany);
    const refused = await asPerson(person, { method: 'POST', url: `${ACCOUNT}/passkeys/options` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(tooMany);
    expect(await countRows(t.database, passkeys)).toBe(20);
  });

  it('validates the name and the answer field by field', async () => {
    const person = await signedInPerson(t);
    const response = await asPerson(person, {
      method: 'POST',
      url: `${ACCOUNT}/passkeys`,
      payload: { name: '   ', response: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: {
        name: [ACCOUNT_VALIDATION.passkeyNameRequired],
        response: [ACCOUNT_VALIDATION.passkeyResponseRequired],
      },
    });
    const long = await asPerson(person, {
      method: 'POST',
      url: `${ACCOUNT}/passkeys`,
      payload: { name: 'x'.repeat(65), response: { id: 'x' } },
    });
    expect(long.json().errors).toEqual({ name: [ACCOUNT_VALIDATION.passkeyNameTooLong] });
  });
});

describe('renaming and removing a passkey', () => {
  it('renames and removes its own passkeys, and records the removal', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const phone = await passkeyAdded(person, authenticator, 'Phone');
    const laptop = await passkeyAdded(person, authenticator, 'Laptop');
    const renamed = await asPerson(person, {
      method: 'PATCH',
      url: `${ACCOUNT}/passkeys/${phone.id}`,
      payload: { name: 'Old phone' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: PASSKEY_MESSAGES.renamed,
      data: { id: phone.id, name: 'Old phone' },
    });
    const removed = await asPerson(person, {
      method: 'DELETE',
      url: `${ACCOUNT}/passkeys/${phone.id}`,
    });
    expect(removed.json()).toEqual({ success: true, message: PASSKEY_MESSAGES.removed });
    expect((await listPasskeys(person)).json().data.map((row: { id: string }) => row.id)).toEqual([
      laptop.id,
    ]);
    expect(await eventsOf(person)).toEqual(['passkey_removed', 'passkey_added', 'passkey_added']);
  });

  it("answers 404 for another account's passkey, and leaves it as it was", async () => {
    const owner = await signedInPerson(t);
    const passkey = await passkeyAdded(owner, new SoftwareAuthenticator(), 'Phone');
    const stranger = await signedInPerson(t);
    for (const request of [
      { method: 'PATCH', url: `${ACCOUNT}/passkeys/${passkey.id}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: `${ACCOUNT}/passkeys/${passkey.id}` },
    ]) {
      const response = await asPerson(stranger, request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: ACCOUNT_VALIDATION.passkeyIdInvalid,
      });
    }
    expect((await listPasskeys(stranger)).json().data).toEqual([]);
    expect((await listPasskeys(owner)).json().data).toMatchObject([{ name: 'Phone' }]);
    expect(await eventsOf(stranger)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a username, answering exactly as a password login does', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const passkey = await passkeyAdded(person, authenticator);
    const { challenge, options } = await signInOptions();
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      timeout: FIVE_MINUTES,
    });
    expect(options.allowCredentials ?? []).toEqual([]);

    t.clock.advance(60_000);
    const response = await passkeySignIn(challenge, authenticator.signIn(options));
    expect(response.statusCode, response.body).toBe(200);
    const login = await logIn(t, person.username);
    expect(response.json()).toEqual({ ...login.json(), data: { accessToken: expect.any(String) } });
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/v1/api/auth',
      maxAge: THIRTY_DAYS_S,
    });
    const { value: _value, ...loginCookie } = refreshCookieOf(login)!;
    const { value: _passkeyValue, ...passkeyCookie } = cookie!;
    expect(passkeyCookie).toEqual(loginCookie);
    // The session is the person's.
    const me = await profile(t, response.json().data.accessToken);
    expect(me.json().data.username).toBe(person.username);
    // Its use is recorded: the list shows it, and the counter moved.
    expect((await listPasskeys(person)).json().data).toEqual([
      expect.objectContaining({ id: passkey.id, last_used_at: t.clock.now().toISOString() }),
    ]);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored?.signCount).toBe(1);
  });

  it('finds the account among many by the passkey alone', async () => {
    const people = [await signedInPerson(t), await signedInPerson(t), await signedInPerson(t)];
    const authenticators = people.map(() => new SoftwareAuthenticator());
    for (const [index, person] of people.entries()) {
      await passkeyAdded(person, authenticators[index]!);
    }
    const response = await signInWith(authenticators[1]!);
    const me = await profile(t, response.json().data.accessToken);
    expect(me.json().data.username).toBe(people[1]!.username);
  });

  it('refuses the same assertion again: its challenge was used', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const { challenge, options } = await signInOptions();
    const assertion = authenticator.signIn(options);
    expect((await passkeySignIn(challenge, assertion)).statusCode).toBe(200);
    const replayed = await passkeySignIn(challenge, assertion);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.signInExpired });
    expect(refreshCookieOf(replayed)).toBeUndefined();
  });

  it('refuses an assertion whose counter did not move on (a cloned authenticator)', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    expect((await signInWith(authenticator)).statusCode).toBe(200);
    const stale = await signInWith(authenticator, { counter: 1 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.notVerified });
    expect((await signInWith(authenticator)).statusCode).toBe(200);
  });

  it('of two assertions with one counter sent at once, signs in one', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const [first, second] = [await signInOptions(), await signInOptions()];
    const answers = await Promise.all([
      passkeySignIn(first.challenge, authenticator.signIn(first.options, { counter: 5 })),
      passkeySignIn(second.challenge, authenticator.signIn(second.options, { counter: 5 })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored?.signCount).toBe(5);
  });

  it('refuses a challenge after 5 minutes', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const { challenge, options } = await signInOptions();
    t.clock.advance(FIVE_MINUTES + 1);
    const late = await passkeySignIn(challenge, authenticator.signIn(options));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PASSKEY_MESSAGES.signInExpired);
  });

  it("refuses another origin's assertion, and one without user verification", async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    for (const overrides of [{ origin: 'https://evil.example' }, { userVerified: false }]) {
      const refused = await signInWith(authenticator, overrides);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.notVerified });
    }
  });

  it('refuses a removed passkey, and one signed by another key', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    const passkey = await passkeyAdded(person, authenticator);
    // Another key claiming the passkey's id: the signature does not verify.
    const impostor = new SoftwareAuthenticator();
    impostor.register(await registrationOptions(await signedInPerson(t)));
    const forged = { ...impostor.credentials[0]!, id: authenticator.credentials[0]!.id };
    const { challenge, options } = await signInOptions();
    const refused = await passkeySignIn(
      challenge,
      impostor.signIn(options, { credential: forged }),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notVerified);

    await asPerson(person, { method: 'DELETE', url: `${ACCOUNT}/passkeys/${passkey.id}` });
    const removed = await signInWith(authenticator);
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.unknownPasskey });
  });

  it('refuses a banned account as the login does', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const userId = await userIdOf(t, person);
    await banUser(t.database.db, userId, t.clock.now());
    await t.database.db.update(users).set({ banNotice: 'Farming' }).where(eq(users.id, userId));
    const refused = await signInWith(authenticator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.accountBanned,
      data: { banned: true, reason: 'Farming' },
    });
    expect(refreshCookieOf(refused)).toBeUndefined();
  });

  it('counts failures per address in the login throttle, and refuses that address a while', async () => {
    const person = await signedInPerson(t);
    const authenticator = new SoftwareAuthenticator();
    await passkeyAdded(person, authenticator);
    const from = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      const failed = await passkeySignIn(`not-a-challenge-${i}`, { id: 'x' }, from);
      expect(failed.statusCode).toBe(400);
    }
    const refused = await signInWith(authenticator, {}, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: english(PASSKEY_MESSAGE_TEMPLATES.signInLocked, { minutes: 15 }),
    });
    // Another address signs in; the account's password login is untouched.
    expect((await signInWith(authenticator, {}, '203.0.113.8')).statusCode).toBe(200);
    expect((await logIn(t, person.username, person.password, from)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await signInWith(authenticator, {}, from)).statusCode).toBe(200);
  });

  it('refuses malformed answers with a 4xx envelope', async () => {
    const { challenge } = await signInOptions();
    const cases: object[] = [
      { id: 42 },
      { id: 'a'.repeat(5000) },
      { id: 'abc', rawId: 'abc', type: 'public-key', response: 'nope' },
    ];
    for (const response of cases) {
      const answer = await passkeySignIn(challenge, response);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});

describe('a server reached by an IP address', () => {
  it('answers 503 to the ceremonies: browsers refuse an IP address as a passkey site', async () => {
    const atIp: TestApp = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:8080' } });
    try {
      const person = await signedInPerson(atIp, newPerson());
      const headers = { authorization: `Bearer ${person.accessToken}` };
      for (const request of [
        { url: `${ACCOUNT}/passkeys/options`, headers },
        { url: `${AUTH}/passkey/options`, headers: {} },
      ]) {
        const response = await atIp.app.inject({ method: 'POST', ...request });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ success: false, message: PASSKEY_MESSAGES.unavailable });
      }
      // The list still answers: there is simply nothing in it.
      const list = await atIp.app.inject({ method: 'GET', url: `${ACCOUNT}/passkeys`, headers });
      expect(list.json().data).toEqual([]);
    } finally {
      await atIp.close();
    }
  });
});
