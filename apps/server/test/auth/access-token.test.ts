import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, userProfileSchema } from '@netpulse/shared';
import { refreshFamilies, users } from '../../src/db/tables/auth-tables.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { AUTH_POLICY } from '../../src/modules/auth/auth-policy.ts';
import { profile, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let person: SignedIn;
beforeEach(async () => {
  t = await createTestApp();
  person = await signedInPerson(t);
});
afterEach(async () => {
  await t.close();
});

const unauthorized = { success: false, message: SERVER_MESSAGES.unauthorized };

async function expectRefused(accessToken: string) {
  const response = await profile(t, accessToken);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(unauthorized);
}

/** A token with the genuine claims, signed as the test says. */
function forged(
  options: { key?: Uint8Array; alg?: string; claims?: Record<string, unknown> } = {},
) {
  const genuine = decodeJwt(person.accessToken);
  return new SignJWT({ ...genuine, ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(options.key ?? t.app.authSecret);
}

describe('access tokens', () => {
  it('carry the user, the session, issuer, audience and a 15-minute life', async () => {
    const claims = decodeJwt(person.accessToken);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, person.username));
    const [family] = await t.database.db.select().from(refreshFamilies);
    expect(claims).toMatchObject({
      sub: String(user?.id),
      sid: family?.id,
      iss: 'http://localhost:8080',
      aud: 'http://localhost:8080/v1/api',
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(claims.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
  });

  it('are accepted as they were issued (the forging helper itself is sound)', async () => {
    expect((await profile(t, await forged())).statusCode).toBe(200);
  });

  it('are refused when missing or not a bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/api/auth/profile' })).json()).toEqual(
      unauthorized,
    );
    const basic = await t.app.inject({
      method: 'GET',
      url: '/v1/api/auth/profile',
      headers: { authorization: `Basic ${person.accessToken}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('are refused unsigned (alg none)', async () => {
    const unsigned = new UnsecuredJWT(decodeJwt(person.accessToken)).encode();
    await expectRefused(unsigned);
  });

  it('are refused when signed with another key or another algorithm', async () => {
    await expectRefused(
      await forged({ key: new TextEncoder().encode('another key, at least 32 bytes long!!') }),
    );
    await expectRefused(await forged({ alg: 'HS512' }));
  });

  it('are refused with another issuer or audience', async () => {
    await expectRefused(await forged({ claims: { iss: 'https://elsewhere.example' } }));
    await expectRefused(await forged({ claims: { aud: 'https://elsewhere.example/v1/api' } }));
  });

  it('are refused once expired', async () => {
    t.clock.advance(15 * 60_000 - 1000);
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    t.clock.advance(1000);
    await expectRefused(person.accessToken);
  });

  it('are refused when tampered with', async () => {
    const other = await signedInPerson(t);
    const [header, , signature] = person.accessToken.split('.');
    const otherPayload = other.accessToken.split('.')[1];
    await expectRefused(`${header}.${otherPayload}.${signature}`);
    await expectRefused(
      `${person.accessToken.slice(0, -2)}${person.accessToken.endsWith('AA') ? 'BB' : 'AA'}`,
    );
  });

  it('are refused once the user is banned', async () => {
    await t.database.db
      .update(users)
      .set({ bannedAt: t.clock.now() })
      .where(eq(users.username, person.username));
    await expectRefused(person.accessToken);
  });

  it('are refused within the recheck time after a ban made by another server process', async () => {
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    // Straight in the database, as another process would: this one learns it at its next check.
    await t.database.db
      .update(users)
      .set({ bannedAt: t.clock.now() })
      .where(eq(users.username, person.username));
    t.clock.advance(AUTH_POLICY.sessionRecheckMs - 1);
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    t.clock.advance(1);
    await expectRefused(person.accessToken);
  });

  it('are checked again once remembered, and still refused when tampered with', async () => {
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
    const [header, payload] = person.accessToken.split('.');
    await expectRefused(`${header}.${payload}.${'A'.repeat(43)}`);
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
  });
});

describe('GET /profile', () => {
  it('returns exactly the documented fields from the user row', async () => {
    await t.database.db
      .update(users)
      .set({
        points: 1234,
        dailyStreaks: 3,
        lastClaimedAt: new Date('2026-03-09T08:30:00.000Z'),
      })
      .where(eq(users.username, person.username));
    // A YouTube subscription waiting for its check (is_youtube_verifying 'true').
    await t.database.db.insert(questProgress).values({
      userId: Number(decodeJwt(person.accessToken).sub),
      quest: 'youtubeSubscribe',
      started: true,
    });
    const response = await profile(t, person.accessToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'success']);
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(userProfileSchema.shape).sort());
    expect(body.data).toMatchObject({
      username: person.username,
      profile_img: null,
      points: 1234,
      daily_streaks: 3,
      last_claimed_at: '2026-03-09T08:30:00.000Z',
      is_youtube_verifying: 'true',
      x_name_verify_time: null,
      is_discord_verified: false,
    });
    expect(userProfileSchema.strict().safeParse(body.data).success).toBe(true);
  });
});
