import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { AUTH, newPerson, signUp, verificationTokenFor } from '../helpers/auth-flow.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `${AUTH}/verify-email/${token}` });
const invalid = { success: false, message: SERVER_MESSAGES.verifyTokenInvalid };

async function signedUpToken() {
  const person = newPerson();
  const mailsBefore = t.mails().length;
  expect((await signUp(t, person)).statusCode).toBe(200);
  return { person, token: await verificationTokenFor(t, person.email, mailsBefore) };
}

async function verifiedAt(email: string) {
  const [user] = await t.database.db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email));
  return user?.at ?? null;
}

describe('GET /verify-email/:token', () => {
  it('verifies the address once; the link then says it is verified already', async () => {
    const { person, token } = await signedUpToken();
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: SERVER_MESSAGES.verified });
    const at = t.clock.now();
    expect(await verifiedAt(person.email)).toEqual(at);

    t.clock.advance(60_000);
    const again = await verify(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: SERVER_MESSAGES.emailAlreadyVerified });
    expect(await verifiedAt(person.email)).toEqual(at);
  });

  it('says so for an older link of an address verified since, even an expired one', async () => {
    const person = newPerson();
    expect((await signUp(t, person)).statusCode).toBe(200);
    const older = await verificationTokenFor(t, person.email, 0);
    t.clock.advance(10 * 60_000);
    const resent = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/resend-verification`,
      payload: { email: person.email },
    });
    expect(resent.statusCode).toBe(200);
    const newer = await verificationTokenFor(t, person.email, 1);
    expect((await verify(newer)).statusCode).toBe(200);

    t.clock.advance(24 * 3600_000);
    const response = await verify(older);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.emailAlreadyVerified,
    });
  });

  it('refuses a link older than 24 hours', async () => {
    const { person, token } = await signedUpToken();
    t.clock.advance(24 * 3600_000 + 1000);
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
    expect(await verifiedAt(person.email)).toBeNull();
  });

  it.each([
    ['a token it never issued', 'x'.repeat(43)],
    ['garbage', '%3Cscript%3E'],
    ['a long one', 'a'.repeat(99)],
  ])('refuses %s', async (_name, token) => {
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
  });

  it('lets only one of two simultaneous uses succeed; the others find it verified', async () => {
    const { token } = await signedUpToken();
    const responses = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
