/**
 * The audit log of the admin actions (docs/decisions/021): the admin module's tables
 * (docs/ARCHITECTURE.md section 9).
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth-tables.ts';

/**
 * Every admin action, from the console or the CLI, written in the same
 * transaction as the change it records (docs/decisions/021). Append-only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The admin who acted; null for the operator at the command line. */
    adminUserId: integer('admin_user_id').references(() => users.id),
    /** The admin's username at the time, or "command line". */
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_admin_at_idx').on(t.adminUserId, t.at.desc().nullsFirst()),
    index('audit_log_action_at_idx').on(t.action, t.at.desc().nullsFirst()),
  ],
);

/**
 * The announcements the console sent (issue 30): what the operator wrote, to whom and
 * how many it reached. Each member's notice is a row of `notifications`; this is the
 * console's list of past announcements.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** An https address, or null when the notice leads nowhere. */
    link: text('link'),
    /** Active in the last N days; null for every member. */
    activeWithinDays: integer('active_within_days'),
    sentBy: integer('sent_by').references(() => users.id),
    sentByName: text('sent_by_name').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    recipients: integer('recipients').notNull(),
  },
  (t) => [index('announcements_sent_at_idx').on(t.sentAt.desc(), t.id.desc())],
);
