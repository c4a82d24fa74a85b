/** The accounts and their sessions: the auth module's tables (docs/ARCHITECTURE.md section 9). */
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES } from '@netpulse/i18n';
import { ROLES } from '@netpulse/shared';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, optionalTime } from '../columns.ts';
import { SESSION_KINDS } from '../../lib/session-user.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: optionalTime('email_verified_at'),
    bannedAt: optionalTime('banned_at'),
    /** Why the account was banned (the console asks for a reason); null for older bans. */
    banReason: text('ban_reason'),
    /**
     * What the operator chose to tell the banned person (optional; the ban reason above
     * stays among operators): their open tabs and their login show it (docs/decisions/033).
     */
    banNotice: text('ban_notice'),
    /** `member`, or `admin` for the people who run the network (the console, /v1/admin). */
    role: text('role', { enum: ROLES }).notNull().default('member'),
    referralCode: text('referral_code').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    inviteId: integer('invite_id'),
    profileImg: text('profile_img'),
    /** Cache of sum(point_transactions.points_earned), updated in the same transaction. */
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /**
     * How many point_transactions rows the user has, kept with every credit: the
     * history's total_results without counting a table that only grows.
     */
    ledgerRows: integer('ledger_rows').notNull().default(0),
    /** How many of the user's speed tests are credited, kept at each completion (same reason). */
    creditedTests: integer('credited_tests').notNull().default(0),
    dailyStreaks: integer('daily_streaks').notNull().default(0),
    lastClaimedAt: optionalTime('last_claimed_at'),
    lastClaimedStreakMilestone: integer('last_claimed_streak_milestone').notNull().default(0),
    /**
     * Which run of consecutive daily claims the streak belongs to: 0 before the first
     * claim, +1 each time a claim starts a streak at 1. It keys the streak bonuses, so
     * a new run can pay its milestones again and the same run never twice.
     */
    streakRun: integer('streak_run').notNull().default(0),
    lastClaimedReferralMilestone: integer('last_claimed_referral_milestone').notNull().default(0),
    successfulReferrals: integer('successful_referrals').notNull().default(0),
    /**
     * When this user's referral turned successful (verified and 15 credited tests)
     * and the referrer was paid the bonus; null while pending or when nobody referred them.
     */
    referralQualifiedAt: optionalTime('referral_qualified_at'),
    /** How many quests were claimed (social, referral milestones, Daily Streak); each quest's own state is in quest_progress. */
    questCompleted: integer('quest_completed').notNull().default(0),
    /** Elite Role boost multiplier; null when the user has none. */
    additionalBoost: numeric('additional_boost', { precision: 6, scale: 2, mode: 'number' }),
    /**
     * The account's language: its answers and mails are in it. The language it signed up in,
     * then what the person chooses (PATCH /v1/api/account/preferences).
     */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    /** When the username last changed: it may change once in 30 days (issue 29). */
    usernameChangedAt: optionalTime('username_changed_at'),
    /**
     * When the person deleted the account: the row stays as a tombstone (no email, no name,
     * no password) so the ledger's rows keep their owner and the network's totals hold.
     */
    deletedAt: optionalTime('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredByUserId, t.createdAt),
    // Signups per day (the console's overview) and the newest accounts first.
    index('users_created_idx').on(t.createdAt),
    // How many accounts each invite let in (the console's invites).
    index('users_invite_idx').on(t.inviteId),
  ],
);

/**
 * A sign-in session: every refresh token rotated from one login belongs to the
 * same family, so a replayed token can revoke all of them at once.
 */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: optionalTime('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** The address the session was signed in from: the console's login history, and the fraud signals. */
    address: text('address'),
    /**
     * `web` (a login: the account's powers, the refresh cookie) or `node` (an
     * extension node's own session: speed tests only, refreshed through the
     * node route). Never changes (docs/decisions/026).
     */
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('web'),
    /** The browser's user agent at sign-in: the Sessions list names it ("Chrome on Windows"). */
    userAgent: text('user_agent'),
    /**
     * SHA-256 of the browser's device cookie: a sign-in from a browser the account has not
     * used before mails the account (issue 29's security mails).
     */
    deviceHash: text('device_hash'),
    /** The session's last refresh (or sign-in): the Sessions list's "last used". */
    lastUsedAt: optionalTime('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_families_user_idx').on(t.userId),
    // Sign-ins of a window by address (fraud signals), found in the index alone.
    index('refresh_families_created_address_idx').on(t.createdAt, t.address, t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** Set when this token was exchanged for the next one. */
    rotatedAt: optionalTime('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Single-use email links: verification (24 h), password reset (1 h), an email change's
 * confirmation sent to the new address and its undo sent to the old one (7 days).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email_change', 'email_undo'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link is about: the new one (email_change) or the old one (email_undo). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: optionalTime('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
