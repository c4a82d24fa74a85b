/**
 * The guard of every signed-in route, run by the signed-in scope. It accepts a
 * bearer access token of ours whose session is still live and whose user is
 * not banned, and sets `request.user` with the session's kind and the account's
 * language. Anything else is
 * 401, which tells the web app to refresh once and then send the person to
 * /login. A token's signature and a session's liveness are each remembered for
 * a short while (access-token.ts, live-sessions.ts), so most requests cost no
 * database query.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { unauthorized } from '../../lib/http-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { verifyAccessToken } from './access-token.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import { rememberedLiveSession, rememberLiveSession } from './live-sessions.ts';
import { liveSession } from './sessions-repository.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function authenticate(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const claims = token ? await verifyAccessToken(app, token) : null;
  if (!claims || !UUID.test(claims.sessionId)) throw unauthorized(SERVER_MESSAGES.unauthorized);
  const now = app.clock.now();
  let session = rememberedLiveSession(claims.sessionId, claims.userId, now.getTime());
  if (!session) {
    const live = await liveSession(app.db, {
      userId: claims.userId,
      familyId: claims.sessionId,
      now,
    });
    if (!live) throw unauthorized(SERVER_MESSAGES.unauthorized);
    const recheckAt = now.getTime() + AUTH_POLICY.sessionRecheckMs;
    session = { userId: claims.userId, kind: live.kind, locale: live.locale };
    rememberLiveSession(claims.sessionId, session, Math.min(recheckAt, live.liveUntil.getTime()));
  }
  const { kind, locale } = session;
  // The session's kind in the database is the truth (docs/decisions/026): a
  // token from before kinds (no claim) takes it, and one whose claim disagrees
  // was not made by this server for this session.
  if (claims.kind !== null && claims.kind !== kind) {
    throw unauthorized(SERVER_MESSAGES.unauthorized);
  }
  const user: SessionUser = { id: claims.userId, sessionId: claims.sessionId, kind, locale };
  request.user = user;
}

/**
 * Whether the session a signed-in request was made with is still live now, asked of the
 * database: a stream that outlives its request (the notices' live stream) ends with its
 * session (a logout, a password change, a ban) rather than with the access token's 15 minutes.
 */
export async function sessionStillLive(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  user: SessionUser,
): Promise<boolean> {
  const live = await liveSession(app.db, {
    userId: user.id,
    familyId: user.sessionId,
    now: app.clock.now(),
  });
  return live !== null;
}
