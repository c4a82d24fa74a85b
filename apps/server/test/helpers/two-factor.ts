/**
 * Two-factor sign-in as a person sets it up: the secret the server shows, a code computed
 * from it as an authenticator app does (otpauth, RFC 6238: SHA-1, 6 digits, 30 s), and the
 * second step of a login.
 */
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { AUTH, type SignedIn } from './auth-flow.ts';
import { call } from './points.ts';
import type { TestApp } from './test-app.ts';

export const TOTP_STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at `at`. */
export function codeAt(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** The app's code now, by the test's clock. */
export const codeNow = (t: TestApp, secret: string) => codeAt(secret, t.clock.now());

export interface TotpOn {
  secret: string;
  recoveryCodes: string[];
}

/**
 * Sets up the authenticator app and confirms it with its first code. That code's time step
 * is used: the next code accepted is of a later step (move the clock by TOTP_STEP_MS).
 */
export async function turnOnTotp(
  t: TestApp,
  person: Pick<SignedIn, 'accessToken'>,
): Promise<TotpOn> {
  const setup = await call(t, person, 'POST', '/account/two-factor/totp');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const confirm = await call(t, person, 'POST', '/account/two-factor/totp/confirm', {
    payload: { code: codeNow(t, secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

/** POST /login/two-factor: the password step's challenge and a code or a recovery code. */
export function secondStep(
  t: TestApp,
  body: { challenge: string; code?: string; recoveryCode?: string },
  from?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${AUTH}/login/two-factor`,
    ...(from ? { remoteAddress: from } : {}),
    payload: body,
  });
}
