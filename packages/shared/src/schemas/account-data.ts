/**
 * The person's data (issue 29): GET /v1/api/account/export streams one JSON document of
 * everything the product holds about the account, in this shape. Times are ISO strings, as
 * elsewhere in the contract; a list's rows are newest first.
 */
import { z } from 'zod';
import { LOCALES } from '@netpulse/i18n';
import { ROLES } from '../constants.ts';
import { NODE_KINDS } from './nodes.ts';
import { transactionRowSchema } from './points.ts';
import { referralStatusRowSchema } from './referrals.ts';

const time = z.string();
const optionalTime = time.nullable();

/** The account itself: its row, without the password's hash. */
export const exportedProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  email_verified_at: optionalTime,
  created_at: time,
  role: z.enum(ROLES),
  locale: z.enum(LOCALES),
  referral_code: z.string(),
  /** Whether another account referred this one (who it was is that account's own data). */
  referred: z.boolean(),
  points: z.number().int(),
  daily_streaks: z.number().int(),
  last_claimed_at: optionalTime,
  successful_referrals: z.number().int(),
  quest_completed: z.number().int(),
  additional_boost: z.number().nullable(),
  profile_img: z.string().nullable(),
  username_changed_at: optionalTime,
  banned_at: optionalTime,
  /** What the operator chose to tell the person when banning (their reason stays theirs). */
  ban_notice: z.string().nullable(),
});

/** A speed test with everything the server measured of it and where it ran. */
export const exportedSpeedtestSchema = z.object({
  id: z.string(),
  opened_at: time,
  completed_at: optionalTime,
  ip_address: z.string(),
  /** The H3 cell (resolution 8) the test's coordinates fell in; the coordinates are never kept. */
  location_cell: z.string().nullable(),
  /** Its country, ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  node_id: z.string().nullable(),
  node_name: z.string().nullable(),
  download_bytes: z.number().nullable(),
  download_elapsed_us: z.number().nullable(),
  download_mbps: z.number().nullable(),
  upload_bytes: z.number().nullable(),
  upload_elapsed_us: z.number().nullable(),
  upload_mbps: z.number().nullable(),
  latency_ms: z.number().nullable(),
  is_ip_slashing: z.boolean(),
  is_location_slashing: z.boolean(),
  additional_boost: z.number().nullable(),
  points: z.number().int().nullable(),
});

/** A node, removed ones included. */
export const exportedNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(NODE_KINDS),
  name: z.string(),
  version: z.string().nullable(),
  created_at: time,
  last_seen_at: optionalTime,
  next_test_at: optionalTime,
  removed_at: optionalTime,
});

/** A quest's state: a row per quest the person touched. */
export const exportedQuestSchema = z.object({
  quest: z.string(),
  started: z.boolean(),
  done: z.boolean(),
  claimed: z.boolean(),
  timer_ends_at: optionalTime,
  youtube_channel: z.string().nullable(),
});

/** A linked social account, without the platform's tokens. */
export const exportedSocialAccountSchema = z.object({
  platform: z.string(),
  account_id: z.string(),
  username: z.string(),
  linked_at: time,
});

/**
 * A session (web or an extension node's, ended ones too): the browser and network the
 * Sessions list shows, and the address it was signed in from, the account's own data.
 */
export const exportedSessionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  browser: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  created_at: time,
  last_used_at: optionalTime,
  expires_at: time,
  revoked_at: optionalTime,
  revoked_reason: z.string().nullable(),
});

export const exportedSecurityEventSchema = z.object({
  type: z.string(),
  browser: z.string().nullable(),
  network: z.string().nullable(),
  created_at: time,
});

/** A passkey as the person named it (its public key is no secret, and of no use to them). */
export const exportedPasskeySchema = z.object({
  name: z.string(),
  created_at: time,
  last_used_at: optionalTime,
});

/** GET /v1/api/account/export: the whole document. */
export const accountExportSchema = z.object({
  exported_at: time,
  profile: exportedProfileSchema,
  /** Every row of the account's ledger, as the transaction history shows it. */
  ledger: z.array(transactionRowSchema),
  speedtests: z.array(exportedSpeedtestSchema),
  nodes: z.array(exportedNodeSchema),
  /** The account's referees, masked exactly as the Referral screen shows them. */
  referrals: z.array(referralStatusRowSchema),
  quests: z.object({
    progress: z.array(exportedQuestSchema),
    social_accounts: z.array(exportedSocialAccountSchema),
  }),
  sessions: z.array(exportedSessionSchema),
  security_events: z.array(exportedSecurityEventSchema),
  passkeys: z.array(exportedPasskeySchema),
  /** Whether an authenticator app is on (never its secret) and how many recovery codes are left. */
  two_factor: z.object({
    totp: z.boolean(),
    totp_confirmed_at: optionalTime,
    recovery_codes_left: z.number().int(),
  }),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
