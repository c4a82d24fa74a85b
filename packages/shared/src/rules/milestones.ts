import {
  REFERRAL_MILESTONES,
  STREAK_BAR_STEP,
  STREAK_MILESTONES,
  type ReferralMilestone,
  type StreakMilestone,
} from '../constants.ts';

/** The milestone before `milestone` in its list, 0 for the first. */
function previousOf<T extends number>(list: readonly T[], milestone: T): number {
  const at = list.indexOf(milestone);
  return at <= 0 ? 0 : (list[at - 1] ?? 0);
}

/**
 * Spec section 4: a streak milestone is claimable when the streak has reached it
 * and the last claimed streak milestone is the one before it (0, 7, 14, 21).
 */
export function isStreakMilestoneClaimable(
  milestone: StreakMilestone,
  dailyStreaks: number,
  lastClaimedStreakMilestone: number,
): boolean {
  return (
    dailyStreaks >= milestone &&
    lastClaimedStreakMilestone === previousOf(STREAK_MILESTONES, milestone)
  );
}

/** The streak milestone a claim now would pay, or null when none is claimable. */
export function claimableStreakMilestone(
  dailyStreaks: number,
  lastClaimedStreakMilestone: number,
): StreakMilestone | null {
  return (
    STREAK_MILESTONES.find((m) =>
      isStreakMilestoneClaimable(m, dailyStreaks, lastClaimedStreakMilestone),
    ) ?? null
  );
}

/** Spec section 9: the bonus shown beside the streak: by range, 100 when there is no streak. */
export function displayedStreakBonus(dailyStreaks: number): number {
  if (dailyStreaks <= 0) return 100;
  if (dailyStreaks <= 7) return 1000;
  if (dailyStreaks <= 14) return 1500;
  if (dailyStreaks <= 21) return 3000;
  return 5000;
}

/** The streak bar's fill in percent: 3.57 per day, at most 100. */
export function streakBarPercent(dailyStreaks: number): number {
  return Math.min(100, Math.max(0, dailyStreaks) * STREAK_BAR_STEP);
}

/**
 * Spec section 4: a referral milestone is claimable when successful_referrals has
 * reached it and last_claimed_referral_milestone is the one before it.
 */
export function isReferralMilestoneClaimable(
  milestone: ReferralMilestone,
  successfulReferrals: number,
  lastClaimedReferralMilestone: number,
): boolean {
  return (
    successfulReferrals >= milestone &&
    lastClaimedReferralMilestone === previousOf(REFERRAL_MILESTONES, milestone)
  );
}

/** The referral milestone a claim now would pay, or null when none is claimable. */
export function claimableReferralMilestone(
  successfulReferrals: number,
  lastClaimedReferralMilestone: number,
): ReferralMilestone | null {
  return (
    REFERRAL_MILESTONES.find((m) =>
      isReferralMilestoneClaimable(m, successfulReferrals, lastClaimedReferralMilestone),
    ) ?? null
  );
}

/** "Claimed" shows once the last claimed referral milestone is at or above this one. */
export function isReferralMilestoneClaimed(
  milestone: ReferralMilestone,
  lastClaimed: number,
): boolean {
  return lastClaimed >= milestone;
}

/** Progress toward a target: min(referrals, target) / target, from 0 to 1. */
export function milestoneProgress(count: number, target: number): number {
  return Math.min(Math.max(count, 0), target) / target;
}
