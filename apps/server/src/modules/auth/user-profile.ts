import type { UserProfile } from '@netpulse/shared';
import type { users } from '../../db/schema.ts';

const isoOrNull = (time: Date | null) => time?.toISOString() ?? null;

/** The profile of spec section 3 from the user's row; nothing else of the row leaves the server. */
export function toUserProfile(user: typeof users.$inferSelect): UserProfile {
  return {
    profile_img: user.profileImg,
    username: user.username,
    points: Number(user.points),
    daily_streaks: user.dailyStreaks,
    last_claimed_at: isoOrNull(user.lastClaimedAt),
    last_claimed_streak_milestone: user.lastClaimedStreakMilestone,
    last_claimed_referral_milestone: user.lastClaimedReferralMilestone,
    successful_referrals: user.successfulReferrals,
    quest_completed: user.questCompleted,
    is_discord_verified: user.isDiscordVerified,
    is_discord_connected: user.isDiscordConnected,
    is_discord_joined: user.isDiscordJoined,
    is_discord_connect_claimed: user.isDiscordConnectClaimed,
    is_discord_join_claimed: user.isDiscordJoinClaimed,
    is_x_connected: user.isXConnected,
    is_x_verified: user.isXVerified,
    is_x_joined: user.isXJoined,
    is_twitter_connect_claimed: user.isTwitterConnectClaimed,
    is_twitter_join_claimed: user.isTwitterJoinClaimed,
    is_x_founder_followed: user.isXFounderFollowed,
    is_x_founder_follow_claimed: user.isXFounderFollowClaimed,
    is_x_rt_vl: user.isXRtVl,
    is_x_rt_vl_claimed: user.isXRtVlClaimed,
    is_telegram_connected: user.isTelegramConnected,
    is_telegram_joined: user.isTelegramJoined,
    is_telegram_connect_claimed: user.isTelegramConnectClaimed,
    is_telegram_join_claimed: user.isTelegramJoinClaimed,
    is_youtube_verifying: user.isYoutubeVerifying,
    is_youtube_subscribe_claimed: user.isYoutubeSubscribeClaimed,
    is_x_name_verified: user.isXNameVerified,
    is_x_name_claimed: user.isXNameClaimed,
    is_discord_name_verified: user.isDiscordNameVerified,
    is_discord_name_claimed: user.isDiscordNameClaimed,
    is_telegram_name_verified: user.isTelegramNameVerified,
    is_telegram_name_claimed: user.isTelegramNameClaimed,
    x_name_verify_time: isoOrNull(user.xNameVerifyTime),
    discord_name_verify_time: isoOrNull(user.discordNameVerifyTime),
    telegram_name_verify_time: isoOrNull(user.telegramNameVerifyTime),
  };
}
