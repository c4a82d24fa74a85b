/**
 * The notifications module's SQL: the notices (served newest first and unread by the
 * user's two indexes) and each account's preferences.
 */
import { and, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  NotificationEvent,
  NotificationPreferences,
  NotificationType,
  PageQuery,
} from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-kit.ts';
import {
  notificationPreferences,
  notifications,
  type NoticeParams,
} from '../../db/tables/notifications-tables.ts';

export type { NoticeParams };

export interface NewNotice {
  userId: number;
  type: NotificationType;
  params: NoticeParams;
  link: string | null;
  dedupeKey: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 5 a row. */
const INSERT_CHUNK = 2_000;

/** A notice just written: what its deliveries need to be queued. */
export interface WrittenNotice {
  id: number;
  userId: number;
  type: NotificationType;
}

/**
 * Writes the notices, each once: a notice whose dedupe key exists already is skipped.
 * Answers the notices written.
 */
export async function insertNotices(
  tx: Transaction,
  notices: readonly NewNotice[],
): Promise<WrittenNotice[]> {
  const written: WrittenNotice[] = [];
  for (let start = 0; start < notices.length; start += INSERT_CHUNK) {
    const rows = await tx
      .insert(notifications)
      .values(notices.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
      });
    written.push(...rows);
  }
  return written;
}

/** One notice for each person of an audience (an announcement to many). */
export interface AudienceNotice {
  /** A query answering one column of user ids: who is told (the caller's read model). */
  audience: SQL;
  type: NotificationType;
  params: NoticeParams;
  link: string | null;
  /** Each person's dedupe key is this prefix followed by their user id. */
  dedupeKeyPrefix: string;
}

/**
 * Writes `notice` for every person of its audience whose app cell for `event` is not off,
 * in one INSERT … SELECT whatever the audience's size; a dedupe key written already is
 * skipped. Answers the notices written.
 */
/** The people an INSERT of insertAudienceNotices would reach: the audience less the app cells off. */
function reachedOf(audience: SQL, event: NotificationEvent): SQL {
  return sql`SELECT audience.user_id FROM (${audience}) AS audience (user_id)
    WHERE NOT EXISTS (
      SELECT 1 FROM ${notificationPreferences} AS chosen
      WHERE chosen.user_id = audience.user_id
        AND (chosen.preferences -> 'channels' -> ${event} ->> 'app') = 'false')`;
}

/** How many people of `audience` have the app cell of `event` on. */
export async function audienceReach(
  db: Queryable,
  audience: SQL,
  event: NotificationEvent,
): Promise<number> {
  const [row] = rowsOf<{ reached: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS reached FROM (${reachedOf(audience, event)}) AS reached`,
    ),
  );
  return row?.reached ?? 0;
}

export async function insertAudienceNotices(
  tx: Transaction,
  notice: AudienceNotice,
  event: NotificationEvent,
): Promise<WrittenNotice[]> {
  const result = await tx.execute(sql`
    INSERT INTO ${notifications} (user_id, type, params, link, dedupe_key)
    SELECT reached.user_id, ${notice.type}, ${JSON.stringify(notice.params)}::jsonb,
      ${notice.link}, ${notice.dedupeKeyPrefix} || reached.user_id
    FROM (${reachedOf(notice.audience, event)}) AS reached
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, user_id, type`);
  return rowsOf<{ id: number; user_id: number; type: NotificationType }>(result).map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    type: row.type,
  }));
}

/** Records that these notices' mail was handed to the mail server. */
export async function markNoticesMailed(
  db: Queryable,
  noticeIds: readonly number[],
  at: Date,
): Promise<void> {
  if (noticeIds.length === 0) return;
  await db
    .update(notifications)
    .set({ mailedAt: at })
    .where(and(inArray(notifications.id, [...noticeIds]), isNull(notifications.mailedAt)));
}

/** Of `userIds`, those who turned the app's channel off for `event`. */
export async function usersWithAppOff(
  db: Queryable,
  userIds: readonly number[],
  event: NotificationEvent,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, [...userIds]),
        sql`(${notificationPreferences.preferences} -> 'channels' -> ${event} ->> 'app') = 'false'`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function unreadCountOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** A notice as the list and the extension read it (StoredNotice). */
const STORED_NOTICE_COLUMNS = {
  id: notifications.id,
  type: notifications.type,
  params: notifications.params,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

export interface StoredNotice {
  id: number;
  type: NotificationType;
  params: NoticeParams;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

/** A page of the user's notices, newest first, only the unread ones when asked. */
export async function noticePage(
  db: Queryable,
  userId: number,
  page: PageQuery,
  unreadOnly: boolean,
): Promise<{ rows: StoredNotice[]; total: number }> {
  const whose = unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select(STORED_NOTICE_COLUMNS)
      .from(notifications)
      .where(whose)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db.select({ total: count() }).from(notifications).where(whose),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * Marks the user's unread notices read: those of `ids` (another account's ids match
 * nothing), or all of them. Answers how many changed.
 */
export async function markNoticesRead(
  db: Queryable,
  userId: number,
  ids: readonly number[] | 'all',
  at: Date,
): Promise<number> {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') conditions.push(inArray(notifications.id, [...ids]));
  const changed = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return changed.length;
}

export async function storedPreferencesOf(
  db: Queryable,
  userId: number,
): Promise<NotificationPreferences | undefined> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row?.preferences;
}

/** The preferences the users of `userIds` saved; those who never saved have none here. */
export async function storedPreferencesOfUsers(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const found = new Map<number, NotificationPreferences>();
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
    const rows = await db
      .select({
        userId: notificationPreferences.userId,
        preferences: notificationPreferences.preferences,
      })
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, unique.slice(start, start + INSERT_CHUNK)));
    for (const row of rows) found.set(row.userId, row.preferences);
  }
  return found;
}

/** What a notice's push is written from; undefined when the notice is gone. */
export async function noticeToPush(db: Queryable, noticeId: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
      pushedAt: notifications.pushedAt,
    })
    .from(notifications)
    .where(eq(notifications.id, noticeId))
    .limit(1);
  return row;
}

/** Records that the notice's push was handed to the push service. */
export async function markNoticePushed(db: Queryable, noticeId: number, at: Date): Promise<void> {
  await db.update(notifications).set({ pushedAt: at }).where(eq(notifications.id, noticeId));
}

export async function savePreferences(
  db: Queryable,
  userId: number,
  preferences: NotificationPreferences,
  at: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: at },
    });
}

/** An account's deletion erases its notices and choices. */
export async function deleteNotificationsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** PostgreSQL's NOTIFY on `channel` (the live streams' fan-out without Redis). */
export async function notifyChannel(
  db: Queryable,
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * What an extension node shows: the user's unread notices of the last day (the database's
 * time: a notice's time is the database's), newest first, of
 * the node's own offline and back-online ones (their `nodeId` parameter) when `nodeEvents`,
 * and the claim reminders when `reminders`. The user's unread index serves it.
 */
export async function unreadExtensionNotices(
  db: Queryable,
  which: { userId: number; nodeId: string; nodeEvents: boolean; reminders: boolean },
  limit: number,
): Promise<StoredNotice[]> {
  const kinds = [];
  if (which.nodeEvents) {
    kinds.push(
      and(
        inArray(notifications.type, ['node_offline', 'node_online']),
        sql`${notifications.params} ->> 'nodeId' = ${which.nodeId}`,
      ),
    );
  }
  if (which.reminders) kinds.push(eq(notifications.type, 'claim_reminder'));
  if (kinds.length === 0) return [];
  return db
    .select(STORED_NOTICE_COLUMNS)
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, which.userId),
        isNull(notifications.readAt),
        gte(notifications.createdAt, sql`now() - interval '1 day'`),
        or(...kinds),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
