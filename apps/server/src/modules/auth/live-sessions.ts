/**
 * Sessions this process has just found live, so the guard of signed-in routes
 * does not ask the database again on every request a page makes. An entry lasts
 * AUTH_POLICY.sessionRecheckMs (never past the session's own expiry). A logout,
 * a password reset or a ban made by this process forgets the session at once; one
 * made by another server process takes effect here within that time.
 */
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import type { Locale } from '@netpulse/i18n';
import type { SessionKind } from '../../lib/session-user.ts';

/** A live session as the database holds it: its user, its kind (which never changes), its account's language. */
interface LiveSession {
  userId: number;
  kind: SessionKind;
  locale: Locale;
}

/** Session (refresh family) id -> its user and kind. Only live answers are kept. */
const liveSessions = new ExpiringCache<string, LiveSession>(50_000);

/** The session if it is remembered live for this user; else undefined. */
export function rememberedLiveSession(
  familyId: string,
  userId: number,
  nowMs: number,
): LiveSession | undefined {
  const session = liveSessions.get(familyId, nowMs);
  return session?.userId === userId ? session : undefined;
}

export function rememberLiveSession(familyId: string, session: LiveSession, untilMs: number): void {
  liveSessions.set(familyId, session, untilMs);
}

/**
 * Called wherever sessions are revoked (one session, or every session of a user), and when
 * what is remembered with them changes (the account's language).
 */
export function forgetLiveSessions(which: { familyId: string } | { userId: number }): void {
  if ('familyId' in which) liveSessions.delete(which.familyId);
  else liveSessions.deleteWhere((session) => session.userId === which.userId);
}
