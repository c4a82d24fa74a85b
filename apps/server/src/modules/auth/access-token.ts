/**
 * The access token: a JWT signed HS256 with the app's auth secret, valid 15
 * minutes, naming the user (`sub`) and the sign-in session (`sid`, the refresh
 * family) so a logout or a password reset can end it early. Verification pins
 * the algorithm, issuer and audience and reads the time from the app's clock.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';

const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

type TokenContext = Pick<AuthContext, 'authSecret' | 'clock' | 'config'>;

function issuerOf(context: TokenContext) {
  return { issuer: context.config.PUBLIC_URL, audience: `${context.config.PUBLIC_URL}/v1/api` };
}

export async function issueAccessToken(
  context: TokenContext,
  claims: AccessClaims,
): Promise<string> {
  const { issuer, audience } = issuerOf(context);
  const issuedAt = Math.floor(context.clock.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + AUTH_POLICY.accessTokenLifetimeSeconds)
    .sign(context.authSecret);
}

/** The claims of a genuine, unexpired token of ours, or null for anything else. */
export async function verifyAccessToken(
  context: TokenContext,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, context.authSecret, {
      algorithms: [ALGORITHM],
      ...issuerOf(context),
      currentDate: context.clock.now(),
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return null;
    return { userId, sessionId };
  } catch {
    return null;
  }
}
