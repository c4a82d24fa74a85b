import type { UserProfile } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import type { ProfileRows, QuestProfile } from '../quest-progress/index.ts';
import { findProfileRows } from './users-repository.ts';

const isoOrNull = (time: Date | null) => time?.toISOString() ?? null;

/**
 * The profile of spec section 3 from the user's row and quest fields (kept in
 * quest_progress); nothing else of the row leaves the server. The keys are in the
 * spec's order, as they always were.
 */
export function toUserProfile(user: ProfileRows['user'], quests: QuestProfile): UserProfile {
  return {
    profile_img: user.profileImg,
    username: user.username,
    role: user.role,
    points: Number(user.points),
    daily_streaks: user.dailyStreaks,
    last_claimed_at: isoOrNull(user.lastClaimedAt),
    last_claimed_streak_milestone: user.lastClaimedStreakMilestone,
    last_claimed_referral_milestone: user.lastClaimedReferralMilestone,
    successful_referrals: user.successfulReferrals,
    quest_completed: user.questCompleted,
    is_discord_verified: quests.is_discord_verified,
    is_discord_connected: quests.is_discord_connected,
    is_discord_joined: quests.is_discord_joined,
    is_discord_connect_claimed: quests.is_discord_connect_claimed,
    is_discord_join_claimed: quests.is_discord_join_claimed,
    is_x_connected: quests.is_x_connected,
    is_x_verified: quests.is_x_verified,
    is_x_joined: quests.is_x_joined,
    is_twitter_connect_claimed: quests.is_twitter_connect_claimed,
    is_twitter_join_claimed: quests.is_twitter_join_claimed,
    is_x_founder_followed: quests.is_x_founder_followed,
    is_x_founder_follow_claimed: quests.is_x_founder_follow_claimed,
    is_x_rt_vl: quests.is_x_rt_vl,
    is_x_rt_vl_claimed: quests.is_x_rt_vl_claimed,
    is_telegram_connected: quests.is_telegram_connected,
    is_telegram_joined: quests.is_telegram_joined,
    is_telegram_connect_claimed: quests.is_telegram_connect_claimed,
    is_telegram_join_claimed: quests.is_telegram_join_claimed,
    is_youtube_verifying: quests.is_youtube_verifying,
    is_youtube_subscribe_claimed: quests.is_youtube_subscribe_claimed,
    is_x_name_verified: quests.is_x_name_verified,
    is_x_name_claimed: quests.is_x_name_claimed,
    is_discord_name_verified: quests.is_discord_name_verified,
    is_discord_name_claimed: quests.is_discord_name_claimed,
    is_telegram_name_verified: quests.is_telegram_name_verified,
    is_telegram_name_claimed: quests.is_telegram_name_claimed,
    x_name_verify_time: quests.x_name_verify_time,
    discord_name_verify_time: quests.discord_name_verify_time,
    telegram_name_verify_time: quests.telegram_name_verify_time,
    locale: user.locale,
  };
}

/**
 * What the signed-in user's profile is made of (undefined for an account that is
 * gone): read with every other profile asked for in the same turn.
 */
export function profileRowsOf(db: Queryable, userId: number): Promise<ProfileRows | undefined> {
  return findProfileRows(db, userId);
}
