/**
 * What happened to an account's security (issue 29): sign-ins from a new browser, password and
 * email changes, two factors turned on or off, passkeys added. The security-events module's
 * table: each is mailed to the account, and the person's data export lists them.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './auth-tables.ts';

export const SECURITY_EVENT_TYPES = [
  'new_browser_sign_in',
  'password_changed',
  'email_change_requested',
  'email_changed',
  'email_change_undone',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'session_ended',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const securityEvents = pgTable(
  'security_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    /** "Chrome on Windows": the browser that did it, from its user agent. */
    browser: text('browser'),
    /** The address's network only (a /24 or a /48), never the address. */
    network: text('network'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);
