/**
 * Web Push (issue 30): the browsers that asked to be told of notices. The push module's
 * table. The endpoint is the push service's address for one browser's subscription, so it
 * is unique: a browser that signs in to another account moves its subscription there.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalTime } from '../columns.ts';
import { users } from './auth-tables.ts';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url): what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    /** The browser's auth secret (base64url), mixed into the payload's key. */
    auth: text('auth').notNull(),
    /** "Firefox on Linux": how the person recognises the browser; no version, no fingerprint. */
    browser: text('browser').notNull(),
    createdAt: createdAt(),
    /** The last time the push service took a message for it. */
    lastSuccessAt: optionalTime('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);
