/**
 * Sessions this process has just found live, so the guard of signed-in routes
 * does not ask the database again on every request a page makes. An entry lasts
 * AUTH_POLICY.sessionRecheckMs (never past the session's own expiry). A logout,
 * a password reset or a ban made by this process forgets the session at once; one
 * made by another server process takes effect here within that time.
 */
import { ExpiringCache } from '../../lib/expiring-cache.ts';

/** Session (refresh family) id -> its user. Only live answers are kept. */
const liveSessions = new ExpiringCache<string, number>(50_000);

export function isRememberedLive(familyId: string, userId: number, nowMs: number): boolean {
  return liveSessions.get(familyId, nowMs) === userId;
}

export function rememberLiveSession(familyId: string, userId: number, untilMs: number): void {
  liveSessions.set(familyId, userId, untilMs);
}

/** Called wherever sessions are revoked: one session, or every session of a user. */
export function forgetLiveSessions(which: { familyId: string } | { userId: number }): void {
  if ('familyId' in which) liveSessions.delete(which.familyId);
  else liveSessions.deleteWhere((userId) => userId === which.userId);
}
