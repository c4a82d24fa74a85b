/** Product-wide constants of spec section 9 and docs/ARCHITECTURE.md section 5. */
import { defineTexts } from '@netpulse/i18n';

export const DEFAULT_PRODUCT_NAME = 'Netpulse';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** The login form's minimum (the spec's); a new password needs NEW_PASSWORD_MIN. */
export const PASSWORD_MIN = 4;
/** Sign-up, reset and change: docs/decisions/028-password-policy.md. */
export const NEW_PASSWORD_MIN = 8;

/** Cycles (also called seasons or campaigns), in the order they run. */
export const CYCLES = ['Kilo', 'Mega', 'Giga', 'Terra', 'Peta'] as const;
export type Cycle = (typeof CYCLES)[number];
export const DEFAULT_CYCLE: Cycle = 'Kilo';

export const QUESTS_TOTAL = 19;

export const DEFAULT_PAGE_META = {
  current: 1,
  total_pages: 1,
  total_results: 0,
  size: 10,
} as const;
export const TABLE_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;
/**
 * The largest id a row can have: every id is a PostgreSQL `integer`. An id a request names is
 * bounded by it, so a larger one is refused as no such row, never sent to the database.
 */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The days a date filter may name, both inclusive. Every day in it, and the day
 * after the last, is a day PostgreSQL and JavaScript both represent (year 0 and
 * the day after 9999-12-31 are not), so no filter can fail the read it is in.
 */
export const API_DATE_RANGE = { first: '2000-01-01', last: '2999-12-31' } as const;

/** Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Key under which the web app keeps the access token in local storage. */
export const TOKEN_STORAGE_KEY = 'token';

/** Points (Bytes) of docs/ARCHITECTURE.md section 5 and spec section 9. */
export const DAILY_CLAIM_POINTS = 100;
export const SPEEDTEST_BASE_POINTS = 50;
export const REFERRAL_BONUS_POINTS = 200;
export const REFERRAL_QUALIFYING_TESTS = 15;
/** The referrer's share of each credited test of a successful referee. */
export const REFERRAL_COMMISSION_RATE = 0.1;
export const SOCIAL_QUEST_POINTS = 1000;
export const RETWEET_QUEST_POINTS = 500;

export const STREAK_MILESTONES = [7, 14, 21, 28] as const;
export type StreakMilestone = (typeof STREAK_MILESTONES)[number];
export const STREAK_BONUS_POINTS: Record<StreakMilestone, number> = {
  7: 1000,
  14: 1500,
  21: 3000,
  28: 5000,
};
/** How far the streak bar advances per day (100 / 28, as the spec rounds it). */
export const STREAK_BAR_STEP = 3.57;

export const REFERRAL_MILESTONES = [1, 10, 20, 30, 50, 99] as const;
export type ReferralMilestone = (typeof REFERRAL_MILESTONES)[number];
export const REFERRAL_QUEST_POINTS: Record<ReferralMilestone, number> = {
  1: 1000,
  10: 5000,
  20: 10000,
  30: 20000,
  50: 40000,
  99: 75000,
};
/** The referral quests' names, registered for translation as `referralMilestoneNames.<milestone>`. */
export const REFERRAL_MILESTONE_NAMES: Record<ReferralMilestone, string> = defineTexts(
  'referralMilestoneNames',
  { 1: 'Rookie', 10: 'Warrior', 20: 'Champion', 30: 'Hero', 50: 'Legend', 99: 'God' },
);

/** Ledger transaction types (docs/ARCHITECTURE.md section 5). */
export const TRANSACTION_TYPES = [
  'speedtest_earning',
  'referral_bonus',
  'referral_commission',
  'daily_claim',
  'streak_bonus',
  'referral_quest',
  'quest_reward',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** The details written on a speed-test credit; shown as "Network Contribution". */
export const SPEEDTEST_DETAILS = 'Speedtest';

/** ndt7 (docs/ARCHITECTURE.md section 5): the WebSocket subprotocol and the longest a direction may run. */
export const NDT7_SUBPROTOCOL = 'net.measurementlab.ndt.v7';
export const NDT7_MAX_DURATION_MS = 10_000;
export const NDT7_MEASUREMENT_INTERVAL_MS = 250;

/** A user's role: `admin` opens the operator's console (/admin, /v1/admin). */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * "Resend the email" (docs/decisions/033): per address, at most one verification
 * mail a minute (sign-up's counts) and five an hour.
 */
export const VERIFICATION_RESEND = { intervalSeconds: 60, perHour: 5 } as const;
