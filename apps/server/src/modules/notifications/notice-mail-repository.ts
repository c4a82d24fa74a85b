/**
 * The mail channel's reads (issue 30): a notice with the address, language and choices of
 * its recipient, the people whose digest is due, a digest's notices. They join the account's
 * row (users is auth's: listed in eslint.config.js's CROSS_OWNER_READERS) so that one
 * statement answers, whatever the number of people.
 */
import type { Locale } from '@netpulse/i18n';
import type { NotificationPreferences, NotificationType } from '@netpulse/shared';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import {
  notificationPreferences,
  notifications,
  type NoticeParams,
} from '../../db/tables/notifications-tables.ts';

/** Where a person's mail goes and what they chose; null preferences: the defaults. */
export interface MailRecipient {
  userId: number;
  email: string;
  locale: Locale;
  preferences: NotificationPreferences | null;
}

export interface NoticeToMail {
  id: number;
  type: NotificationType;
  params: NoticeParams;
  link: string | null;
  mailedAt: Date | null;
  recipient: MailRecipient;
}

const recipientColumns = {
  userId: users.id,
  email: users.email,
  locale: users.locale,
  preferences: notificationPreferences.preferences,
};

/** The notice with its recipient, or null when it is gone or its account was deleted. */
export async function noticeToMail(db: Queryable, noticeId: number): Promise<NoticeToMail | null> {
  const [row] = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
      mailedAt: notifications.mailedAt,
      ...recipientColumns,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(notifications.id, noticeId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const { userId, email, locale, preferences, ...notice } = row;
  return { ...notice, recipient: { userId, email, locale, preferences } };
}

/** The account's mail recipient, or null when there is none or it was deleted. */
export async function mailRecipientOf(
  db: Queryable,
  userId: number,
): Promise<MailRecipient | null> {
  const [row] = await db
    .select(recipientColumns)
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The people in digest mode whose clock, in their own zone, reads 08:xx at `now`: one
 * statement whatever their number (quiet hours are then read by the caller).
 */
export async function digestCandidates(
  db: Queryable,
  now: Date,
): Promise<{ userId: number; preferences: NotificationPreferences }[]> {
  const chosen = notificationPreferences.preferences;
  return db
    .select({ userId: notificationPreferences.userId, preferences: chosen })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(
      and(
        isNull(users.deletedAt),
        sql`${chosen} ->> 'mail_mode' = 'digest'`,
        sql`extract(hour from (${now.toISOString()}::timestamptz at time zone (${chosen} ->> 'time_zone'))) = 8`,
      ),
    );
}

export interface DigestNotice {
  id: number;
  type: NotificationType;
  params: NoticeParams;
  link: string | null;
}

/** The person's notices of the last day not mailed yet, oldest first. */
export async function unmailedNoticesOf(db: Queryable, userId: number): Promise<DigestNotice[]> {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.mailedAt),
        gt(notifications.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}
