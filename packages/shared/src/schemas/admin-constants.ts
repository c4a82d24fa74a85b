/**
 * The console's limits, messages and lists (docs/decisions/021), apart from its
 * zod schemas: a module without zod, so the web console can use them without
 * the schemas (and the zod code they need) reaching the zod chunk every member
 * loads. Re-exported by admin.ts: import them as `@netpulse/shared/admin`.
 */
import { CYCLES } from '../constants.ts';

/** The most accounts a bulk action (ban, review) takes at once. */
export const ADMIN_BULK_MAX = 200;
export const BAN_REASON_MAX = 200;
export const INVITE_NOTE_MAX = 200;
export const INVITE_USES_MAX = 1_000_000;
/** The Elite Role boost multiplies a test's points; numeric(6, 2) holds it. */
export const MAX_BOOST = 100;
/** A streak restarts after its 28th day, so no streak is longer. */
export const MAX_STREAK_DAYS = 28;
/** Fraud signals: an address is shared when more than this many accounts used it (default). */
export const SHARED_ADDRESS_MIN_ACCOUNTS = 3;
/** Fraud signals: a node needs this many tests before its results can look implausible. */
export const IMPLAUSIBLE_MIN_TESTS = 3;

export const ADMIN_MESSAGES = {
  forbidden: 'This page is for the people who run the network',
  userNotFound: 'No user has this id',
  reasonRequired: 'Give a reason: it is kept in the audit log',
  reasonTooLong: `A reason has at most ${BAN_REASON_MAX} characters`,
  noticeTooLong: `The text shown to the person has at most ${BAN_REASON_MAX} characters`,
  noteTooLong: `A note has at most ${INVITE_NOTE_MAX} characters`,
  usesInvalid: `Uses must be a whole number from 1 to ${INVITE_USES_MAX}`,
  boostInvalid: `The boost must be above 0 and at most ${MAX_BOOST}, with at most two decimals (such as 1.5), or none`,
  streakInvalid: `A streak has 1 to ${MAX_STREAK_DAYS} days`,
  inviteNotFound: 'No invite has this id',
  inviteAlreadyRevoked: 'This invite was already revoked',
  usersRequired: 'Choose at least one account',
  tooManyUsers: `At most ${ADMIN_BULK_MAX} accounts at once`,
  cycleNameInvalid: `The next cycle is one of ${CYCLES.join(', ')}`,
  cycleEndInvalid: 'The planned end must be a future time',
  lastAdmin: 'This is the last admin: make another account admin first',
  ownRole: 'You cannot change your own role: ask another admin',
  ownBan: 'You cannot ban yourself',
  jobNotFound: 'No job has this id',
  jobNotFailed: 'Only a failed job can be retried or dropped',
  jobRetried: 'The job is queued again',
  jobDropped: 'The job is dropped and will not run',
  announcementSent: 'The announcement is sent',
} as const;

export const ADMIN_MESSAGE_TEMPLATES = {
  /** An admin is never banned as such: the console and the CLI both ask for a demotion first. */
  adminBan: (username: string) => `${username} is an admin: demote them to member first`,
} as const;

export const FRAUD_WINDOWS = ['24h', '7d'] as const;
export type FraudWindow = (typeof FRAUD_WINDOWS)[number];

export const FRAUD_SIGNAL_KINDS = ['shared-address', 'referral-ring', 'implausible-node'] as const;
export type FraudSignalKind = (typeof FRAUD_SIGNAL_KINDS)[number];

/** The audit actions, for the filter. */
export const AUDIT_ACTIONS = [
  'user.verify',
  'user.ban',
  'user.unban',
  'user.boost',
  'user.streak',
  'user.role',
  'invite.create',
  'invite.revoke',
  'cycle.start',
  'review.approve',
  'review.reject',
  'job.retry',
  'job.drop',
  'announcement.send',
  'account.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
