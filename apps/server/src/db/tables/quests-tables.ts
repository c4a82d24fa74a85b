/**
 * The linked social accounts and the platform sign-ins in flight: the quests module's
 * tables (docs/ARCHITECTURE.md section 9).
 */
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth-tables.ts';

/**
 * A social account linked for the quests (docs/ARCHITECTURE.md section 5): one per
 * user and platform, and an account links to one user only. The platform's
 * tokens are kept sealed (AES-GCM, lib/sealed-box.ts) for the later checks.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform').notNull(),
    accountId: text('account_id').notNull(),
    username: text('username').notNull(),
    /** The sealed JSON of the tokens the checks call the platform with; null when none are kept. */
    sealedTokens: text('sealed_tokens'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('social_accounts_user_platform_unique').on(t.userId, t.platform),
    uniqueIndex('social_accounts_platform_account_unique').on(t.platform, t.accountId),
  ],
);

/**
 * An X login between its start and X's return (OAuth 1.0a): the request token's
 * secret, sealed, is needed to exchange the token. Used once, short-lived.
 */
export const oauthRequests = pgTable('oauth_requests', {
  token: text('token').primaryKey(),
  sealedSecret: text('sealed_secret').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
