/**
 * Access tokens as a server before session kinds signed them (docs/decisions/026):
 * the user and the session, no `knd` claim, with the app's own secret. A node's
 * extension may still hold one for up to their 15 minutes after the upgrade.
 */
import { SignJWT } from 'jose';
import { AUTH_POLICY } from '../../src/modules/auth/auth-policy.ts';
import type { TestApp } from './test-app.ts';

export function accessTokenWithoutKind(
  t: Pick<TestApp, 'app' | 'clock' | 'config'>,
  session: { userId: number; sessionId: string },
): Promise<string> {
  const issuedAt = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(session.userId))
    .setIssuer(t.config.PUBLIC_URL)
    .setAudience(`${t.config.PUBLIC_URL}/v1/api`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + AUTH_POLICY.accessTokenLifetimeSeconds)
    .sign(t.app.authSecret);
}
