/** Calls of the points engine as the signed-in web app or extension makes them. */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';
import type { SignedIn } from './auth-flow.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/tables/auth-tables.ts';
import { startSession } from '../../src/modules/auth/session-service.ts';
import {
  recordDirection,
  startDirection,
} from '../../src/modules/speedtests/speedtests-repository.ts';

export const API = '/v1/api';

type Method = 'GET' | 'POST';

export const DAY_MS = 24 * 3600_000;

export async function userIdOf(t: TestApp, person: Pick<SignedIn, 'username'>): Promise<number> {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, person.username));
  if (!user) throw new Error(`no user ${person.username}`);
  return user.id;
}

/**
 * Gives the person a fresh session at the clock's time, as if they logged in
 * again: after moving the clock (access tokens live 15 minutes, sessions 30 days).
 */
export async function renewSession(t: TestApp, person: SignedIn): Promise<void> {
  const session = await startSession(t.app, await userIdOf(t, person));
  person.accessToken = session.accessToken;
}

/** Moves the clock on by `days` and renews the person's session. */
export async function laterDays(t: TestApp, person: SignedIn, days = 1): Promise<void> {
  t.clock.advance(days * DAY_MS);
  await renewSession(t, person);
}

/** A call with the person's access token (and, for the IP rules, a client address). */
export function call(
  t: TestApp,
  person: Pick<SignedIn, 'accessToken'>,
  method: Method,
  url: string,
  options: { payload?: object; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: `Bearer ${person.accessToken}` },
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export const dailyClaim = (t: TestApp, person: SignedIn) => call(t, person, 'POST', '/daily-claim');
export const streakClaim = (t: TestApp, person: SignedIn) =>
  call(t, person, 'POST', '/claim-streaks-points');

export async function openSpeedtest(t: TestApp, person: SignedIn, remoteAddress = '127.0.0.1') {
  return call(t, person, 'POST', '/speedtests', { remoteAddress });
}

export function completeSpeedtest(
  t: TestApp,
  person: SignedIn,
  payload: { testId: string; latitude?: number; longitude?: number },
  remoteAddress = '127.0.0.1',
) {
  return call(t, person, 'POST', '/points', { payload, remoteAddress });
}

export const SOMEWHERE = { latitude: 52.52, longitude: 13.405 };

/** Where a test completed at SOMEWHERE is stored: its H3 cell at resolution 8 and its country. */
export const SOMEWHERE_PLACE = { locationCell: '881f1d4895fffff', country: 'DE' };

/**
 * Opens a test and stores a measurement for both directions through the same
 * repository calls the ndt7 endpoints make, for tests about the rules of
 * completion rather than about ndt7 (speedtests-ndt7.test.ts runs the real thing).
 */
export async function measuredSpeedtest(
  t: TestApp,
  person: SignedIn,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const opened = await openSpeedtest(t, person, remoteAddress);
  if (opened.statusCode !== 200) throw new Error(`opening a test failed: ${opened.body}`);
  const testId: string = opened.json().data.testId;
  for (const direction of ['download', 'upload'] as const) {
    await startDirection(t.database.db, testId, direction, t.clock.now());
    const result = { bytes: 12_500_000, elapsedUs: 10_000_000, latencyMs: 12.5 };
    await recordDirection(t.database.db, testId, direction, result, t.clock.now());
  }
  return testId;
}
