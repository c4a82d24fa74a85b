/**
 * The access token: a JWT signed HS256 with the app's auth secret, valid 15
 * minutes, naming the user (`sub`), the sign-in session (`sid`, the refresh
 * family) so a logout or a password reset can end it early, and the session's
 * kind (`knd`, web or node: docs/decisions/026). Verification pins the
 * algorithm, issuer and audience and reads the time from the app's clock.
 */
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import { SESSION_KINDS, type SessionKind } from '../../lib/session-user.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';

const ALGORITHM = 'HS256';

/**
 * Tokens already verified, per signing secret, until their own expiry: a signed
 * token is the same claims every time it is presented, so its signature is
 * checked once rather than on each of the many requests a page makes. Keyed by
 * the secret's bytes object, so an app with another secret never sees them.
 */
const verifiedTokens = new WeakMap<Uint8Array, ExpiringCache<string, VerifiedClaims>>();
const VERIFIED_TOKENS_KEPT = 20_000;

function verifiedTokensOf(secret: Uint8Array): ExpiringCache<string, VerifiedClaims> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new ExpiringCache(VERIFIED_TOKENS_KEPT);
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
  kind: SessionKind;
}

/**
 * What a genuine token says. `kind` is null in a token issued before sessions
 * had a kind: its session's kind in the database decides (authenticate.ts).
 */
export interface VerifiedClaims extends Omit<AccessClaims, 'kind'> {
  kind: SessionKind | null;
}

const isSessionKind = (value: unknown): value is SessionKind =>
  (SESSION_KINDS as readonly unknown[]).includes(value);

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
  return new SignJWT({ sid: claims.sessionId, knd: claims.kind })
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
): Promise<VerifiedClaims | null> {
  const nowMs = context.clock.now().getTime();
  const cache = verifiedTokensOf(context.authSecret);
  const known = cache.get(token, nowMs);
  if (known) return known;
  const claims = await verifySignedToken(context, token);
  if (claims) cache.set(token, claims, claims.expiresAtSeconds * 1000);
  return claims;
}

async function verifySignedToken(
  context: TokenContext,
  token: string,
): Promise<(VerifiedClaims & { expiresAtSeconds: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, context.authSecret, {
      algorithms: [ALGORITHM],
      ...issuerOf(context),
      currentDate: context.clock.now(),
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    const expiresAtSeconds = payload.exp;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return null;
    if (typeof expiresAtSeconds !== 'number') return null;
    const kind = payload.knd === undefined ? null : payload.knd;
    if (kind !== null && !isSessionKind(kind)) return null;
    return { userId, sessionId, kind, expiresAtSeconds };
  } catch {
    return null;
  }
}

/**
 * The session a bearer header names, read WITHOUT checking the signature: only
 * to count a route's requests per session (a rate limit's key, which runs
 * before authentication). A forged value only moves the caller to a bucket of
 * its own, and authentication refuses the request anyway.
 */
export function unverifiedSessionIdOf(authorization: string | undefined): string | null {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const sid = decodeJwt(token).sid;
    return typeof sid === 'string' && sid.length <= 64 ? sid : null;
  } catch {
    return null;
  }
}
