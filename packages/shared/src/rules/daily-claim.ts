import { nextUtcMidnight } from './utc-day.ts';

export interface DailyClaimProfile {
  last_claimed_at: string | null;
  daily_streaks: number;
}

export type DailyClaimState =
  { unlocked: true } | { unlocked: false; unlocksAt: Date; remainingMs: number };

/**
 * Spec section 4: unlocked when the user never claimed (no last_claimed_at and a
 * streak of 0), or once the UTC day after the day of last_claimed_at has begun.
 */
export function dailyClaimState(profile: DailyClaimProfile, now: Date): DailyClaimState {
  if (!profile.last_claimed_at) {
    return profile.daily_streaks === 0
      ? { unlocked: true }
      : lockedUntil(nextUtcMidnight(now), now);
  }
  const unlocksAt = nextUtcMidnight(new Date(profile.last_claimed_at));
  return now >= unlocksAt ? { unlocked: true } : lockedUntil(unlocksAt, now);
}

function lockedUntil(unlocksAt: Date, now: Date): DailyClaimState {
  return { unlocked: false, unlocksAt, remainingMs: unlocksAt.getTime() - now.getTime() };
}
