import { z } from 'zod';
import { LOCALES } from '@netpulse/i18n';
import { ROLES } from '../constants.ts';

const flag = z.boolean();
const timestamp = z.string().nullable();

/** GET /v1/api/auth/profile: every field of spec section 3 "User profile". */
export const userProfileSchema = z.object({
  profile_img: z.string().nullable(),
  username: z.string(),
  /** Not in the spec: `admin` shows the Console link and opens /admin (decision 021). */
  role: z.enum(ROLES),
  points: z.number(),
  daily_streaks: z.number().int(),
  last_claimed_at: timestamp,
  last_claimed_streak_milestone: z.number().int(),
  last_claimed_referral_milestone: z.number().int(),
  successful_referrals: z.number().int(),
  quest_completed: z.number().int(),
  is_discord_verified: flag,
  is_discord_connected: flag,
  is_discord_joined: flag,
  is_discord_connect_claimed: flag,
  is_discord_join_claimed: flag,
  is_x_connected: flag,
  is_x_verified: flag,
  is_x_joined: flag,
  is_twitter_connect_claimed: flag,
  is_twitter_join_claimed: flag,
  is_x_founder_followed: flag,
  is_x_founder_follow_claimed: flag,
  is_x_rt_vl: flag,
  is_x_rt_vl_claimed: flag,
  is_telegram_connected: flag,
  is_telegram_joined: flag,
  is_telegram_connect_claimed: flag,
  is_telegram_join_claimed: flag,
  /** 'true' while a subscription is being checked, 'verified' once it is, else 'false'. */
  is_youtube_verifying: z.string(),
  is_youtube_subscribe_claimed: flag,
  is_x_name_verified: flag,
  is_x_name_claimed: flag,
  is_discord_name_verified: flag,
  is_discord_name_claimed: flag,
  is_telegram_name_verified: flag,
  is_telegram_name_claimed: flag,
  x_name_verify_time: timestamp,
  discord_name_verify_time: timestamp,
  telegram_name_verify_time: timestamp,
  /** Not in the spec: the account's language (issue 28), set with PATCH /v1/api/account/preferences. */
  locale: z.enum(LOCALES),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** PATCH /v1/api/account/preferences: what a person sets about their account. */
export const accountPreferencesSchema = z.object({
  locale: z.enum(LOCALES, { message: 'locale must be one of ' + LOCALES.join(', ') }),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
