/**
 * The operator's console (docs/ARCHITECTURE.md section 8, docs/decisions/021): the
 * contract of `/v1/admin/*`, which only admins may call. Imported as
 * `@netpulse/shared/admin`, never through the package's index, so none of it
 * reaches a member's bundle.
 */
import { z } from 'zod';
import { jobQueueOverviewSchema } from './notifications.ts';
import { CYCLES, MAX_ROW_ID, ROLES, TRANSACTION_TYPES } from '../constants.ts';
import { SOCIAL_QUEST_KEYS, type SocialQuestKey } from '../quests.ts';
import {
  ADMIN_BULK_MAX,
  ADMIN_MESSAGES,
  BAN_REASON_MAX,
  FRAUD_SIGNAL_KINDS,
  FRAUD_WINDOWS,
  INVITE_NOTE_MAX,
  INVITE_USES_MAX,
  MAX_BOOST,
  MAX_STREAK_DAYS,
  SHARED_ADDRESS_MIN_ACCOUNTS,
} from './admin-constants.ts';
import { pageQuerySchema } from './queries.ts';
import { NODE_KINDS } from './nodes.ts';

export * from './admin-constants.ts';

/** Who did an admin action: an admin in the console, or the operator at the command line. */
export const adminActorSchema = z.object({
  /** null for the command line. */
  id: z.number().int().nullable(),
  username: z.string(),
});
export type AdminActor = z.infer<typeof adminActorSchema>;

// --- Overview ---------------------------------------------------------------

const countAt = z.object({ at: z.string(), count: z.number().int() });

export const adminOverviewSchema = z.object({
  /** Completed tests per UTC hour, last 7 days, oldest first (168 entries). */
  testsPerHour: z.array(countAt),
  /** Nodes heard from within the online window. */
  activeNodes: z.number().int(),
  /** Signups per UTC day, last 30 days, oldest first. */
  signupsPerDay: z.array(countAt),
  /** Bytes issued per UTC day and transaction type, last 30 days (days without credits omitted). */
  bytesPerDay: z.array(
    z.object({ day: z.string(), type: z.enum(TRANSACTION_TYPES), points: z.number().int() }),
  ),
  currentCycle: z.object({
    name: z.enum(CYCLES),
    startedAt: z.string(),
    endsAt: z.string().nullable(),
  }),
  /** Responses per UTC hour, last 7 days, from this server process's own counters. */
  errorsPerHour: z.array(
    z.object({ at: z.string(), serverErrors: z.number().int(), clientErrors: z.number().int() }),
  ),
  /** The job queue across every server: waiting, running, failed, the oldest wait. */
  jobs: jobQueueOverviewSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// --- Users -----------------------------------------------------------------

export const adminUserSearchQuerySchema = pageQuerySchema.extend({
  /** A username, an email or an IP address (exact or its start); empty lists everyone, newest first. */
  q: z.string().trim().max(200).optional().default(''),
});
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  points: z.number(),
  verified: z.boolean(),
  banned_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

const userRef = z.object({ id: z.number().int(), username: z.string() });

/**
 * Where a person stands in a social quest, as the console's user page words it: nothing
 * yet; started (linked, not verified); waiting for an operator's review (YouTube);
 * keeping the name until the timer ends; done and claimable; claimed.
 */
export const ADMIN_QUEST_STATES = [
  'not_started',
  'started',
  'waiting_for_review',
  'keeping_name',
  'done',
  'claimed',
] as const;
export type AdminQuestState = (typeof ADMIN_QUEST_STATES)[number];

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    ban_reason: z.string().nullable(),
    /** What the banned person is shown (docs/decisions/033). */
    ban_notice: z.string().nullable(),
    referral_code: z.string(),
    daily_streaks: z.number().int(),
    last_claimed_at: z.string().nullable(),
    additional_boost: z.number().nullable(),
    successful_referrals: z.number().int(),
    quest_completed: z.number().int(),
    credited_tests: z.number().int(),
  }),
  referrer: userRef.nullable(),
  referees: z.array(
    userRef.extend({
      credited_tests: z.number().int(),
      qualified: z.boolean(),
      banned: z.boolean(),
    }),
  ),
  nodes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(NODE_KINDS),
      version: z.string().nullable(),
      last_seen_at: z.string().nullable(),
      removed_at: z.string().nullable(),
    }),
  ),
  /**
   * Each social quest's state (issue 27: not the profile's raw flags): `at` is when it was
   * claimed (its credit), or when a name quest's keep-name timer ends; null otherwise.
   */
  quests: z.array(
    z.object({
      quest: z.enum(SOCIAL_QUEST_KEYS as [SocialQuestKey, ...SocialQuestKey[]]),
      state: z.enum(ADMIN_QUEST_STATES),
      at: z.string().nullable(),
    }),
  ),
  /** Sign-ins, newest first (at most 50): when and from which address. */
  logins: z.array(
    z.object({
      at: z.string(),
      address: z.string().nullable(),
      kind: z.enum(['web', 'node']),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminLedgerRowSchema = z.object({
  id: z.number(),
  transaction_id: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  date_time: z.string(),
  season: z.enum(CYCLES),
  points_earned: z.number(),
  details: z.string(),
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRowSchema>;

const reason = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.reasonRequired })
  .max(BAN_REASON_MAX, { error: ADMIN_MESSAGES.reasonTooLong });

/**
 * What a ban tells the banned person (docs/decisions/033): optional, shown on their
 * /login after their open tab is signed out; an empty text means none.
 */
const banNotice = z
  .string()
  .trim()
  .max(BAN_REASON_MAX, { error: ADMIN_MESSAGES.noticeTooLong })
  .transform((text) => text || null)
  .optional();

/** POST /v1/admin/users/:userId/actions: one action on one account. */
export const adminUserActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify') }),
  z.object({ action: z.literal('ban'), reason, notice: banNotice }),
  z.object({ action: z.literal('unban'), reason }),
  z.object({
    action: z.literal('boost'),
    /** null clears the boost. */
    multiplier: z
      .number({ error: ADMIN_MESSAGES.boostInvalid })
      .gt(0, { error: ADMIN_MESSAGES.boostInvalid })
      .max(MAX_BOOST, { error: ADMIN_MESSAGES.boostInvalid })
      .refine((value) => Math.round(value * 100) === value * 100, {
        error: ADMIN_MESSAGES.boostInvalid,
      })
      .nullable(),
  }),
  z.object({
    action: z.literal('streak'),
    days: z
      .number({ error: ADMIN_MESSAGES.streakInvalid })
      .int({ error: ADMIN_MESSAGES.streakInvalid })
      .min(1, { error: ADMIN_MESSAGES.streakInvalid })
      .max(MAX_STREAK_DAYS, { error: ADMIN_MESSAGES.streakInvalid }),
  }),
  z.object({ action: z.literal('role'), role: z.enum(ROLES) }),
]);
export type AdminUserAction = z.infer<typeof adminUserActionSchema>;

const userIds = z
  .array(z.number().int().positive().max(MAX_ROW_ID))
  .min(1, { error: ADMIN_MESSAGES.usersRequired })
  .max(ADMIN_BULK_MAX, { error: ADMIN_MESSAGES.tooManyUsers });

/** POST /v1/admin/bans: ban many accounts with one reason (the fraud signals). */
export const adminBulkBanSchema = z.object({ userIds, reason, notice: banNotice });
export type AdminBulkBan = z.infer<typeof adminBulkBanSchema>;

/** What a bulk action did to each account, in the order asked. */
export const adminBulkOutcomeSchema = z.array(
  z.object({ userId: z.number().int(), done: z.boolean(), message: z.string() }),
);
export type AdminBulkOutcome = z.infer<typeof adminBulkOutcomeSchema>;

// --- Invites -----------------------------------------------------------------

export const adminInviteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  uses_left: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Accounts registered with it. */
  used: z.number().int(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

export const createInviteRequestSchema = z.object({
  uses: z
    .number({ error: ADMIN_MESSAGES.usesInvalid })
    .int({ error: ADMIN_MESSAGES.usesInvalid })
    .min(1, { error: ADMIN_MESSAGES.usesInvalid })
    .max(INVITE_USES_MAX, { error: ADMIN_MESSAGES.usesInvalid }),
  note: z
    .string()
    .trim()
    .max(INVITE_NOTE_MAX, { error: ADMIN_MESSAGES.noteTooLong })
    .optional()
    .transform((note) => note || undefined),
});
export type CreateInviteRequest = z.input<typeof createInviteRequestSchema>;

// --- Cycles --------------------------------------------------------------------

export const adminCycleSchema = z.object({
  name: z.enum(CYCLES),
  started_at: z.string(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  is_current: z.boolean(),
});
export type AdminCycle = z.infer<typeof adminCycleSchema>;

export const adminCyclesSchema = z.object({
  cycles: z.array(adminCycleSchema),
  /** The cycle the next start begins; null after the last one. */
  next: z.enum(CYCLES).nullable(),
});
export type AdminCycles = z.infer<typeof adminCyclesSchema>;

export const startCycleRequestSchema = z.object({
  name: z.enum(CYCLES, { error: ADMIN_MESSAGES.cycleNameInvalid }),
  /** ISO time of the planned end, optional. */
  endsAt: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.cycleEndInvalid }).optional(),
});
export type StartCycleRequest = z.infer<typeof startCycleRequestSchema>;

// --- Review queue (YouTube) ----------------------------------------------------

export const adminReviewRowSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** The YouTube channel the person linked, when known. */
  channel: z.string().nullable(),
});
export type AdminReviewRow = z.infer<typeof adminReviewRowSchema>;

export const adminReviewDecisionSchema = z.object({
  userIds,
  decision: z.enum(['approve', 'reject']),
});
export type AdminReviewDecision = z.infer<typeof adminReviewDecisionSchema>;

// --- Fraud signals -----------------------------------------------------------------

export const fraudSignalsQuerySchema = z.object({
  window: z.enum(FRAUD_WINDOWS, { error: 'window is 24h or 7d' }).default('24h'),
  /** An address is shared when MORE than this many accounts used it. */
  minAccounts: z.coerce
    .number({ error: 'minAccounts must be a whole number from 1 to 1000' })
    .int({ error: 'minAccounts must be a whole number from 1 to 1000' })
    .min(1, { error: 'minAccounts must be a whole number from 1 to 1000' })
    .max(1000, { error: 'minAccounts must be a whole number from 1 to 1000' })
    .default(SHARED_ADDRESS_MIN_ACCOUNTS),
});
export type FraudSignalsQuery = z.infer<typeof fraudSignalsQuerySchema>;

export const fraudSignalSchema = z.object({
  kind: z.enum(FRAUD_SIGNAL_KINDS),
  /** What ties the accounts: the address, the referrer's username, the node's id. */
  key: z.string(),
  /** One line a person reads: "5 accounts tested from 203.0.113.7 in the last 24 hours". */
  summary: z.string(),
  accounts: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      banned: z.boolean(),
      /** Why this account is in the signal, one short line each. */
      evidence: z.array(z.string()),
    }),
  ),
});
export type FraudSignal = z.infer<typeof fraudSignalSchema>;

export const fraudSignalsSchema = z.object({
  window: z.enum(FRAUD_WINDOWS),
  signals: z.array(fraudSignalSchema),
});
export type FraudSignals = z.infer<typeof fraudSignalsSchema>;

// --- Audit log ---------------------------------------------------------------------

export const auditQuerySchema = pageQuerySchema.extend({
  /** An admin's user id, or 0 for the command line. */
  adminId: z.coerce.number().int().min(0).max(MAX_ROW_ID).optional(),
  action: z.string().trim().max(60).optional(),
  from: z.iso.date({ error: 'from must be a date as YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'to must be a date as YYYY-MM-DD' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  admin: adminActorSchema,
  /** The command, e.g. `user.ban`, `invite.create`, `cycle.start`, `review.approve`. */
  action: z.string(),
  /** What it acted on, e.g. `user:42 (alice)`, `invite:7`, `cycle:Mega`. */
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
