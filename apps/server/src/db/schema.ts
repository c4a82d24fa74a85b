/**
 * The database schema (Drizzle). Migrations under apps/server/drizzle are
 * generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { NODE_KINDS, ROLES, TRANSACTION_TYPES } from '@netpulse/shared';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SESSION_KINDS } from '../lib/session-user.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const optionalTime = (name: string) => timestamp(name, { withTimezone: true });

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

/** Admin invite codes: a way in for people nobody referred. */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    usesLeft: integer('uses_left').notNull().default(1),
    /** What the operator wrote when creating it ("the Lisbon meetup"). */
    note: text('note'),
    /** A revoked invite lets nobody in, whatever uses it had left. */
    revokedAt: optionalTime('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invites_code_unique').on(t.code)],
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

/** Single-use email links: verification (24 h) and password reset (1 h). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: optionalTime('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Cycles: exactly one is current (a partial unique index holds that). */
export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: optionalTime('ends_at'),
    endedAt: optionalTime('ended_at'),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('seasons_name_unique').on(t.name),
    uniqueIndex('seasons_one_current')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);

/**
 * The ledger (docs/ARCHITECTURE.md section 5): append-only, the truth of every user's
 * points. users.points is a cache of sum(points_earned), written in the same
 * transaction by modules/ledger. The unique idempotency key makes a credit happen
 * at most once however often, and however concurrently, it is attempted.
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The id people see (and may quote to support); the identity stays internal. */
    transactionId: text('transaction_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    pointsEarned: integer('points_earned').notNull(),
    details: text('details').notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // Descending index columns are NULLS FIRST, as a plain `ORDER BY ... DESC` sorts,
  // so those queries read the index in order instead of sorting.
  (t) => [
    uniqueIndex('point_transactions_idempotency_key_unique').on(t.idempotencyKey),
    // Bytes issued per day by type (the console's overview), read in time order.
    index('point_transactions_time_type_idx').on(t.createdAt, t.transactionType, t.pointsEarned),
    uniqueIndex('point_transactions_transaction_id_unique').on(t.transactionId),
    // History (newest first, date range) and today's earnings.
    index('point_transactions_user_time_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A cycle's earnings, its chart, and the history filtered by cycle (with the id,
    // so a page of the filtered history is found in the index alone).
    index('point_transactions_user_season_time_id_idx').on(
      t.userId,
      t.seasonId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A node (docs/ARCHITECTURE.md section 8, docs/decisions/018): an installation of the
 * validator extension, or a browser page that ran a test itself. The id is the
 * one the node made for itself. Removing a node keeps its row, so its tests keep
 * their node, and its id is never registered again. Read and written by
 * modules/nodes only.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NODE_KINDS }).notNull(),
    name: text('name').notNull(),
    version: text('version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: optionalTime('last_seen_at'),
    /** When the node plans its next test, as its last heartbeat said. */
    nextTestAt: optionalTime('next_test_at'),
    removedAt: optionalTime('removed_at'),
    /** The session of an extension node itself (its own refresh family); null for a browser node. */
    refreshFamilyId: uuid('refresh_family_id').references(() => refreshFamilies.id),
  },
  (t) => [
    // A user's live nodes, oldest first: the list, and the count the limit checks.
    index('nodes_user_live_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.removedAt} is null`),
    // Which node a request's session is (heartbeats, tests opened by the extension).
    uniqueIndex('nodes_refresh_family_unique').on(t.refreshFamilyId),
  ],
);

/**
 * A speed test session (docs/ARCHITECTURE.md section 5): opened by the API, measured
 * by the server's own ndt7 endpoints, completed (and so credited) once.
 * The flags, boost snapshot and points are written at completion.
 */
export const speedtests = pgTable(
  'speedtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The address that opened the test; the unique-IP boost is judged on it. */
    ipAddress: text('ip_address').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The ndt7 tickets are refused after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadStartedAt: optionalTime('download_started_at'),
    downloadDoneAt: optionalTime('download_done_at'),
    downloadBytes: bigint('download_bytes', { mode: 'number' }),
    downloadElapsedUs: bigint('download_elapsed_us', { mode: 'number' }),
    uploadStartedAt: optionalTime('upload_started_at'),
    uploadDoneAt: optionalTime('upload_done_at'),
    uploadBytes: bigint('upload_bytes', { mode: 'number' }),
    uploadElapsedUs: bigint('upload_elapsed_us', { mode: 'number' }),
    /**
     * The least round trip of the WebSocket pings the server sent during both
     * directions (ndt7/serve-direction.ts); null when no ping was answered.
     */
    latencyMs: doublePrecision('latency_ms'),
    /** The node that ran the test; null for tests from before nodes existed, or none named. */
    nodeId: uuid('node_id').references(() => nodes.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isIpSlashing: boolean('is_ip_slashing').notNull().default(false),
    isLocationSlashing: boolean('is_location_slashing').notNull().default(false),
    /** The user's Elite Role boost when the test was credited. */
    additionalBoost: numeric('additional_boost', { precision: 6, scale: 2, mode: 'number' }),
    points: integer('points'),
    /** Set once, when the test is credited: completed and credited are one state. */
    completedAt: optionalTime('completed_at'),
  },
  (t) => [
    // The network table (newest first) and the credited-today count.
    index('speedtests_user_completed_idx').on(
      t.userId,
      t.completedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The least time between two tests.
    index('speedtests_user_opened_idx').on(t.userId, t.openedAt.desc().nullsFirst()),
    // Whether another account completed a test from this address lately.
    index('speedtests_ip_completed_idx').on(t.ipAddress, t.completedAt),
    // A node's tests: today's count, its last result and its cycle's points (the node list).
    index('speedtests_node_completed_idx').on(t.nodeId, t.completedAt.desc().nullsFirst()),
    // The tests of a window by address and account (the console's overview and fraud signals).
    index('speedtests_completed_ip_user_idx').on(t.completedAt, t.ipAddress, t.userId),
  ],
);

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
 * Where each user stands in each quest (docs/decisions/016): a row per user and
 * quest, written the first time anything of the quest happens, so a user who
 * never touched a quest has no row and reads as all false. `quest` is a social
 * quest's key (SOCIAL_QUESTS in packages/shared) or `dailyStreak`. Which profile
 * field reads which column is modules/quest-progress/profile-fields.ts.
 */
export const questProgress = pgTable(
  'quest_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quest: text('quest').notNull(),
    /**
     * The step before done: the X account linked and not yet verified, Discord's
     * identity confirmed at the link, a YouTube subscription waiting for its check.
     */
    started: boolean('started').notNull().default(false),
    /** The quest's step is verified: it can be claimed. */
    done: boolean('done').notNull().default(false),
    /** The reward was paid and the quest counted in users.quest_completed. */
    claimed: boolean('claimed').notNull().default(false),
    /** The name quests' keep-name timer: when the check may verify. */
    timerEndsAt: optionalTime('timer_ends_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quest] })],
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

/**
 * A node id an account tried to register while another account had it: the
 * same installation moved between accounts, which the fraud signals show.
 */
export const nodeIdConflicts = pgTable(
  'node_id_conflicts',
  {
    nodeId: uuid('node_id').notNull(),
    /** The account that tried; the node's owner is nodes.user_id. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.userId] }),
    index('node_id_conflicts_user_idx').on(t.userId),
  ],
);

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
