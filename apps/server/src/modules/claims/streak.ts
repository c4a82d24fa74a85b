import { STREAK_MILESTONES, utcDaysBetween } from '@netpulse/shared';

export interface StreakState {
  dailyStreaks: number;
  lastClaimedAt: Date | null;
  lastClaimedStreakMilestone: number;
  streakRun: number;
}

export type StreakAfterClaim = Omit<StreakState, 'lastClaimedAt'>;

const FINAL_MILESTONE = STREAK_MILESTONES[STREAK_MILESTONES.length - 1] ?? 28;

/**
 * The streak after a daily claim at `now` (docs/ARCHITECTURE.md section 5): a claim
 * on the UTC day after the previous one extends the run; any other claim, and
 * the first claim after a run whose last milestone (28) was paid, starts a new
 * run at 1 with no milestone claimed. The run number keys the streak bonuses.
 */
export function streakAfterClaim(state: StreakState, now: Date): StreakAfterClaim {
  const consecutive =
    state.lastClaimedAt !== null && utcDaysBetween(state.lastClaimedAt, now) === 1;
  const runFinished = state.lastClaimedStreakMilestone >= FINAL_MILESTONE;
  if (consecutive && !runFinished) {
    return {
      dailyStreaks: state.dailyStreaks + 1,
      lastClaimedStreakMilestone: state.lastClaimedStreakMilestone,
      streakRun: state.streakRun,
    };
  }
  return { dailyStreaks: 1, lastClaimedStreakMilestone: 0, streakRun: state.streakRun + 1 };
}

/** Whether paying `milestone` completes the Daily Streak quest (its 28-day milestone). */
export function completesDailyStreakQuest(milestone: number): boolean {
  return milestone === FINAL_MILESTONE;
}
