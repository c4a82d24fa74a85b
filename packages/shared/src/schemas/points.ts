import { z } from 'zod';
import { CYCLES, TRANSACTION_TYPES } from '../constants.ts';

const cycle = z.enum(CYCLES);

/** GET /v1/api/points rows: the network statistics table (spec section 3). */
export const networkStatRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  is_ip_slashing: z.boolean(),
  is_location_slashing: z.boolean(),
  ip_address: z.string(),
  points: z.number(),
  additional_boost: z.number().nullable(),
  /** What the server measured (null only for tests completed before it was kept). */
  download_mbps: z.number().nullable(),
  upload_mbps: z.number().nullable(),
  latency_ms: z.number().nullable(),
  /** The node that ran the test; null for tests from before nodes existed. */
  node_name: z.string().nullable(),
});
export type NetworkStatRow = z.infer<typeof networkStatRowSchema>;

/** POST /v1/api/speedtests: a test session and where to run its two directions. */
export const speedtestSessionSchema = z.object({
  testId: z.string(),
  /** Full ws(s) URLs carrying the one-time ticket. */
  downloadUrl: z.string(),
  uploadUrl: z.string(),
  expiresAt: z.string(),
});
export type SpeedtestSession = z.infer<typeof speedtestSessionSchema>;

/**
 * GET /v1/api/speedtests/quota: where the user stands against the daily limit,
 * so a client (the validator extension) plans its tests instead of guessing.
 */
export const speedtestQuotaSchema = z.object({
  /** SPEEDTEST_DAILY_LIMIT: credited tests per UTC day. */
  dailyLimit: z.number().int(),
  /** Tests credited since the start of this UTC day. */
  creditedToday: z.number().int(),
  /** SPEEDTEST_MIN_INTERVAL_S: the least time between opening two tests. */
  minIntervalSeconds: z.number().int(),
  /** The earliest time the server opens another test: now, after the interval, or at the reset. */
  nextOpenAt: z.string(),
  /** The next UTC midnight, when the count starts again. */
  resetsAt: z.string(),
});
export type SpeedtestQuota = z.infer<typeof speedtestQuotaSchema>;

/** POST /v1/api/points: complete a test; a shared location earns the Location boost. */
export const completeSpeedtestRequestSchema = z
  .object({
    testId: z.uuid({ error: 'testId must be the id of a test you opened' }),
    latitude: z.number({ error: 'latitude must be a number' }).min(-90).max(90).optional(),
    longitude: z.number({ error: 'longitude must be a number' }).min(-180).max(180).optional(),
  })
  .refine((body) => (body.latitude === undefined) === (body.longitude === undefined), {
    error: 'latitude and longitude go together',
    path: ['longitude'],
  });
export type CompleteSpeedtestRequest = z.infer<typeof completeSpeedtestRequestSchema>;

/** The completed test: its row plus what the server measured. */
export const completedSpeedtestSchema = networkStatRowSchema.extend({
  download_mbps: z.number(),
  upload_mbps: z.number(),
});
export type CompletedSpeedtest = z.infer<typeof completedSpeedtestSchema>;

/** GET /v1/api/transactions rows (spec section 3). */
export const transactionRowSchema = z.object({
  id: z.number(),
  transaction_id: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  date_time: z.string(),
  season: cycle,
  points_earned: z.number(),
  details: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** GET /v1/api/earnings/seasons rows: one per cycle. */
export const earningRowSchema = z.object({
  season: cycle,
  startDate: z.string(),
  endDate: z.string().nullable(),
  referralsReward: z.number(),
  speedtestEarning: z.number(),
  referralCommission: z.number(),
  questsEarning: z.number(),
  total: z.number(),
});
export type EarningRow = z.infer<typeof earningRowSchema>;

/** GET /v1/api/dashboard-stats. */
export const dashboardStatsSchema = z.object({
  currentSeason: cycle,
  todayEarnings: z.number(),
  seasonEarnings: z.number(),
  totalPoints: z.number(),
  referralUrl: z.string(),
  twitterUrl: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /v1/api/dashboard/seasons/chart: one label per UTC day, four series. */
export const earningsChartSchema = z.object({
  labels: z.array(z.string()),
  datasets: z.object({
    referralBonus: z.array(z.number()),
    referralEarning: z.array(z.number()),
    questsEarning: z.array(z.number()),
    speedtestEarning: z.array(z.number()),
  }),
});
export type EarningsChart = z.infer<typeof earningsChartSchema>;

/** GET /v1/api/constants. */
export const questConstantsSchema = z.object({
  STREAK_BONUS_POINTS: z.record(z.string(), z.number()),
  REFERRAL_QUEST_POINTS: z.record(z.string(), z.number()),
  DISCORD_JOIN_INVITE_URL: z.string(),
  TWITTER_JOIN_INVITE_URL: z.string(),
  TELEGRAM_JOIN_INVITE_URL: z.string(),
  TWITTER_FOUNDER_INVITE_URL: z.string(),
  TWITTER_RETWEET_VL_URL: z.string(),
  YOUTUBE_SUBSCRIBE_URL: z.string(),
});
export type QuestConstants = z.infer<typeof questConstantsSchema>;

/** What a claim credited. */
export const claimResultSchema = z.object({
  points_earned: z.number(),
  transaction_id: z.string(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;
