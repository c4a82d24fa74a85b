import { z } from 'zod';
import { pageQuerySchema, withDateRange } from './queries.ts';

/** GET /v1/api/referrals-stats: the Referral screen's stat cards and links (spec section 3). */
export const referralCampaignSchema = z.object({
  successfulReferrals: z.number().int(),
  pendingReferrals: z.number().int(),
  totalReferralBonus: z.number(),
  referralUrl: z.string(),
  twitterUrl: z.string(),
});
export type ReferralCampaign = z.infer<typeof referralCampaignSchema>;

export const REFERRAL_STATUSES = ['pending', 'success'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** GET /v1/api/referrals-status rows: one per referee, with the progress toward 15 tests. */
export const referralStatusRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Masked as j***@example.com: a referrer never learns a referee's address. */
  email: z.string(),
  /** When the referee registered (ISO time). */
  register_on: z.string(),
  referral_status: z.enum(REFERRAL_STATUSES),
  /** Credited speed tests so far, counted up to the 15 that qualify. */
  tests_completed: z.number().int(),
  tests_required: z.number().int(),
  email_verified: z.boolean(),
});
export type ReferralStatusRow = z.infer<typeof referralStatusRowSchema>;

/** Referral status filter: registration UTC days, both inclusive, and the page. */
export const referralStatusQuerySchema = withDateRange(pageQuerySchema.shape);
export type ReferralStatusQuery = z.infer<typeof referralStatusQuerySchema>;
