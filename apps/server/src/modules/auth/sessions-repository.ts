import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '@netpulse/i18n';
import { BatchedRead, perHandle } from '../../db/sql-kit.ts';
import type { Queryable } from '../../db/client.ts';
import { refreshFamilies, refreshTokens, users } from '../../db/tables/auth-tables.ts';
import type { SessionKind } from '../../lib/session-user.ts';
import { forgetLiveSessions } from './live-sessions.ts';

export type RevokeReason =
  | 'logout'
  | 'reuse'
  | 'password-reset'
  | 'banned'
  /** The node whose own session it was was removed (modules/nodes). */
  | 'node-removed'
  /** The node registered again, which gave it a new session. */
  | 'node-registered-again';

export async function insertRefreshFamily(
  db: Queryable,
  family: {
    userId: number;
    kind: SessionKind;
    expiresAt: Date;
    createdAt: Date;
    address: string | null;
  },
): Promise<string> {
  const [inserted] = await db
    .insert(refreshFamilies)
    .values(family)
    .returning({ id: refreshFamilies.id });
  if (!inserted) throw new Error('insert into refresh_families returned no row');
  return inserted.id;
}

export async function insertRefreshToken(
  db: Queryable,
  token: { familyId: string; tokenHash: string; createdAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** A presented refresh token with what deciding about it needs: its family and its user. */
export async function findRefreshToken(db: Queryable, tokenHash: string) {
  const [found] = await db
    .select({
      tokenId: refreshTokens.id,
      rotatedAt: refreshTokens.rotatedAt,
      familyId: refreshFamilies.id,
      familyExpiresAt: refreshFamilies.expiresAt,
      familyRevokedAt: refreshFamilies.revokedAt,
      familyKind: refreshFamilies.kind,
      userId: users.id,
      userBannedAt: users.bannedAt,
      userBanNotice: users.banNotice,
    })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return found;
}

/** Marks the token rotated unless it already is; false when another request rotated it first. */
export async function markRefreshTokenRotated(
  db: Queryable,
  tokenId: number,
  now: Date,
): Promise<boolean> {
  const rotated = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rotated.length > 0;
}

/** Revokes one session (by family id) or every session of a user; already revoked ones keep their reason. */
export async function revokeRefreshFamilies(
  db: Queryable,
  which: { familyId: string } | { userId: number },
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  const owner =
    'familyId' in which
      ? eq(refreshFamilies.id, which.familyId)
      : eq(refreshFamilies.userId, which.userId);
  await db
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(owner, isNull(refreshFamilies.revokedAt)));
  forgetLiveSessions(which);
}

/**
 * Deletes every session of the user, web and node, with their refresh tokens (the foreign
 * key cascades): an account's deletion, once its nodes no longer name their sessions.
 */
export async function deleteSessionsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(refreshFamilies).where(eq(refreshFamilies.userId, userId));
  forgetLiveSessions({ userId });
}

interface SessionKey {
  userId: number;
  familyId: string;
  now: Date;
}

/** A live session: when it stops being live, its kind, and its account's language. */
export interface LiveSessionRow {
  liveUntil: Date;
  kind: SessionKind;
  locale: Locale;
}

/** The sessions concurrent requests check, one statement; expiry and owner are judged per key. */
const liveSessionsBatch = perHandle(
  (db: Queryable) =>
    new BatchedRead<SessionKey, LiveSessionRow | null>(async (keys) => {
      const found = await db
        .select({
          id: refreshFamilies.id,
          userId: refreshFamilies.userId,
          expiresAt: refreshFamilies.expiresAt,
          kind: refreshFamilies.kind,
          locale: users.locale,
        })
        .from(refreshFamilies)
        .innerJoin(users, eq(users.id, refreshFamilies.userId))
        .where(
          and(
            inArray(
              refreshFamilies.id,
              keys.map((key) => key.familyId),
            ),
            isNull(refreshFamilies.revokedAt),
            isNull(users.bannedAt),
          ),
        );
      const byId = new Map(found.map((family) => [family.id, family]));
      return keys.map((key) => {
        const family = byId.get(key.familyId);
        const live = family && family.userId === key.userId && family.expiresAt > key.now;
        return live
          ? { liveUntil: family.expiresAt, kind: family.kind, locale: family.locale }
          : null;
      });
    }),
);

/**
 * When the session stops being live and its kind, if it is live now (not
 * revoked, not expired, user not banned); else null. Batched with the requests
 * in flight.
 */
export function liveSession(db: Queryable, session: SessionKey): Promise<LiveSessionRow | null> {
  return liveSessionsBatch(db).load(session);
}
