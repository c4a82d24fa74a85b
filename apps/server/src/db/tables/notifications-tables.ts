/**
 * Notifications (issue 30): the notices of the app's bell and what each account chose to
 * hear where. The notifications module's tables. A notice holds its type and parameters,
 * never prose: its title and body are written from the catalogs in the reader's language
 * when it is read.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '@netpulse/shared';
import { createdAt, optionalTime } from '../columns.ts';
import { users } from './auth-tables.ts';

/** What a notice's texts are written with: numbers and short strings, never prose. */
export type NoticeParams = Record<string, string | number>;

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).$type<NotificationType>().notNull(),
    params: jsonb('params').$type<NoticeParams>().notNull().default({}),
    /** An app path (`/earnings`) or an https address; null when the notice leads nowhere. */
    link: text('link'),
    /**
     * The event the notice tells of (`refq:<referee>`, `security:<event>`): an event makes
     * its notice once, however often the code that causes it runs.
     */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: optionalTime('read_at'),
    /**
     * When the notice's push was handed to the push service: its `notice.push` job, run again
     * after a crash, then sends nothing more.
     */
    pushedAt: optionalTime('pushed_at'),
    /**
     * When its mail (its own, or the digest that carried it) was handed to the mail server:
     * the mail's handlers check it before sending, so a job run twice mails once.
     */
    mailedAt: optionalTime('mailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key_unique').on(t.dedupeKey),
    // A person's newest first (the list and its pages).
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // A person's unread count (the bell) and the unread list: only unread rows are indexed.
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
  ],
);

/** An account's choices; an account without a row has the defaults (packages/shared). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
