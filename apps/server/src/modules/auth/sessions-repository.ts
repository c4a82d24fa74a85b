import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Locale } from '@netpulse/i18n';
import { BatchedRead, perHandle } from '../../db/sql-kit.ts';
import type { Queryable } from '../../db/client.ts';
import { whenCommitted } from '../../db/transaction.ts';
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
  | 'node-registered-again'
  /** The person changed the password: every other web session ends (issue 29). */
  | 'password-changed'
  /** The person ended it from the Sessions list (issue 29). */
  | 'ended-by-owner'
  /** An email change was undone from the old address: whoever changed it may be signed in. */
  | 'email-change-undone';

/** What a web sign-in knows of its browser (session-service.ts's startSession). */
export interface SessionBrowser {
  userAgent: string | null;
  /** SHA-256 of the browser's device cookie (device-cookie.ts). */
  deviceHash: string | null;
}

export async function insertRefreshFamily(
  db: Queryable,
  family: {
    userId: number;
    kind: SessionKind;
    expiresAt: Date;
    createdAt: Date;
    address: string | null;
  } & Partial<SessionBrowser> & { lastUsedAt?: Date | null },
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

/**
 * Whether the account's web sessions, live or ended, ever named a device, and whether one
 * named this device: a sign-in from a device the account has never used is told to it
 * (issue 29's security mails), unless no session named any device yet (the first sign-in
 * after signup, or the first since sessions learnt their device).
 */
export async function deviceHistoryOf(
  db: Queryable,
  userId: number,
  deviceHash: string,
): Promise<{ anyDevice: boolean; thisDevice: boolean }> {
  const [row] = await db
    .select({
      anyDevice: sql<boolean | null>`bool_or(${refreshFamilies.deviceHash} is not null)`,
      thisDevice: sql<boolean | null>`bool_or(${refreshFamilies.deviceHash} = ${deviceHash})`,
    })
    .from(refreshFamilies)
    .where(and(eq(refreshFamilies.userId, userId), eq(refreshFamilies.kind, 'web')));
  return { anyDevice: row?.anyDevice === true, thisDevice: row?.thisDevice === true };
}

/** The session was used now (a refresh): the Sessions list's "last used". */
export async function markFamilyUsed(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.update(refreshFamilies).set({ lastUsedAt: now }).where(eq(refreshFamilies.id, familyId));
}

/** A live web session as the Sessions list reads it. */
export interface WebSessionRow {
  id: string;
  userAgent: string | null;
  address: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** How many sessions the list shows at most: a person signs in a few times a month. */
export const WEB_SESSIONS_LISTED = 100;

/** The user's live web sessions (not revoked, not expired), the most recently used first. */
export async function liveWebSessionsOf(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<WebSessionRow[]> {
  const lastUsedAt = sql<Date>`coalesce(${refreshFamilies.lastUsedAt}, ${refreshFamilies.createdAt})`;
  const rows = await db
    .select({
      id: refreshFamilies.id,
      userAgent: refreshFamilies.userAgent,
      address: refreshFamilies.address,
      createdAt: refreshFamilies.createdAt,
      lastUsedAt: refreshFamilies.lastUsedAt,
    })
    .from(refreshFamilies)
    .where(liveWebSessions(userId, now))
    .orderBy(desc(lastUsedAt), desc(refreshFamilies.createdAt))
    .limit(WEB_SESSIONS_LISTED);
  return rows.map((row) => ({ ...row, lastUsedAt: row.lastUsedAt ?? row.createdAt }));
}

const liveWebSessions = (userId: number, now: Date) =>
  and(
    eq(refreshFamilies.userId, userId),
    eq(refreshFamilies.kind, 'web'),
    isNull(refreshFamilies.revokedAt),
    gt(refreshFamilies.expiresAt, now),
  );

/**
 * Revokes live web sessions of one user: the one named (`familyId`), or every one but
 * `except` (the caller's own), or all. Node sessions stay. Answers the ids revoked; this
 * process forgets each at once (live-sessions.ts).
 */
export async function revokeWebSessionsOfUser(
  db: Queryable,
  which: { userId: number; familyId?: string; except?: string },
  reason: RevokeReason,
  now: Date,
): Promise<string[]> {
  const revoked = await db
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        liveWebSessions(which.userId, now),
        which.familyId === undefined ? undefined : eq(refreshFamilies.id, which.familyId),
        which.except === undefined ? undefined : ne(refreshFamilies.id, which.except),
      ),
    )
    .returning({ id: refreshFamilies.id });
  // Forgotten once the revocation stands: a request checking meanwhile would remember it live.
  whenCommitted(db, () => {
    for (const { id } of revoked) forgetLiveSessions({ familyId: id });
  });
  return revoked.map(({ id }) => id);
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
 * key cascades): an account's deletion, once its nodes no longer name their sessions. This
 * process forgets them once the deletion stands.
 */
export async function deleteSessionsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(refreshFamilies).where(eq(refreshFamilies.userId, userId));
  // After the commit: a request checking meanwhile would remember a session live.
  whenCommitted(db, () => forgetLiveSessions({ userId }));
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
