import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REFERRAL_MILESTONES,
  STREAK_MILESTONES,
  type ReferralMilestone,
  type StreakMilestone,
} from '../constants.ts';
import {
  claimableReferralMilestone,
  claimableStreakMilestone,
  displayedStreakBonus,
  isReferralMilestoneClaimable,
  isReferralMilestoneClaimed,
  isStreakMilestoneClaimable,
  milestoneProgress,
  streakBarPercent,
} from './milestones.ts';

/** Spec section 4, written out: the last claimed milestone each one needs. */
const STREAK_PREVIOUS: Record<StreakMilestone, number> = { 7: 0, 14: 7, 21: 14, 28: 21 };
const REFERRAL_PREVIOUS: Record<ReferralMilestone, number> = {
  1: 0,
  10: 1,
  20: 10,
  30: 20,
  50: 30,
  99: 50,
};

describe('milestone lists', () => {
  it('match spec sections 4 and 9', () => {
    expect(STREAK_MILESTONES).toEqual([7, 14, 21, 28]);
    expect(REFERRAL_MILESTONES).toEqual([1, 10, 20, 30, 50, 99]);
  });
});

describe('isStreakMilestoneClaimable', () => {
  it.each([
    // [milestone, daily_streaks, last_claimed_streak_milestone, claimable]
    [7, 0, 0, false],
    [7, 6, 0, false],
    [7, 7, 0, true],
    [7, 8, 0, true],
    [7, 28, 0, true],
    [7, 7, 7, false],
    [7, 14, 7, false],
    [14, 13, 7, false],
    [14, 14, 7, true],
    [14, 20, 7, true],
    [14, 14, 0, false],
    [14, 14, 14, false],
    [21, 20, 14, false],
    [21, 21, 14, true],
    [21, 28, 14, true],
    [21, 21, 7, false],
    [21, 21, 21, false],
    [28, 27, 21, false],
    [28, 28, 21, true],
    [28, 35, 21, true],
    [28, 28, 14, false],
    [28, 28, 28, false],
    [28, 28, 0, false],
    // A last claimed value that is no milestone never matches.
    [7, 7, 3, false],
    [14, 14, 8, false],
  ] as const)(
    'milestone %i with streak %i and last claimed %i: claimable %s',
    (milestone, streak, last, claimable) => {
      expect(isStreakMilestoneClaimable(milestone, streak, last)).toBe(claimable);
    },
  );

  describe('every (streak, last claimed) combination around the milestones', () => {
    const streaks = [0, 1, 6, 7, 8, 13, 14, 15, 20, 21, 22, 27, 28, 29, 56];
    const lasts = [0, 7, 14, 21, 28];

    it.each(STREAK_MILESTONES)('milestone %i', (milestone) => {
      let claimableCount = 0;
      for (const streak of streaks) {
        for (const last of lasts) {
          const claimable = streak >= milestone && last === STREAK_PREVIOUS[milestone];
          if (claimable) claimableCount += 1;
          expect(
            isStreakMilestoneClaimable(milestone, streak, last),
            `streak ${streak}, last claimed ${last}`,
          ).toBe(claimable);
        }
      }
      // Both outcomes occur: one previous value, with every streak at or above the milestone.
      expect(claimableCount).toBe(streaks.filter((s) => s >= milestone).length);
      expect(claimableCount).toBeLessThan(streaks.length * lasts.length);
    });
  });
});

describe('claimableStreakMilestone', () => {
  it.each([
    [0, 0, null],
    [6, 0, null],
    [7, 0, 7],
    [13, 0, 7],
    // Out of order: with 14 days but nothing claimed, 7 comes first.
    [14, 0, 7],
    [28, 0, 7],
    [7, 7, null],
    [13, 7, null],
    [14, 7, 14],
    [28, 7, 14],
    [20, 14, null],
    [21, 14, 21],
    [30, 14, 21],
    [27, 21, null],
    [28, 21, 28],
    [28, 28, null],
    [40, 28, null],
    // Inconsistent data: a last claimed milestone above the streak, or no milestone at all.
    [7, 14, null],
    [21, 3, null],
    [-1, 0, null],
  ] as const)('streak %i, last claimed %i: %s', (streak, last, expected) => {
    expect(claimableStreakMilestone(streak, last)).toBe(expected);
  });

  it('returns a milestone isStreakMilestoneClaimable accepts, and at most one is claimable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 60 }),
        fc.oneof(fc.constantFrom(0, 7, 14, 21, 28), fc.integer({ min: -5, max: 40 })),
        (streak, last) => {
          const claimable = STREAK_MILESTONES.filter((m) =>
            isStreakMilestoneClaimable(m, streak, last),
          );
          expect(claimable.length).toBeLessThanOrEqual(1);
          const milestone = claimableStreakMilestone(streak, last);
          expect(milestone).toBe(claimable[0] ?? null);
          if (milestone !== null) {
            expect(isStreakMilestoneClaimable(milestone, streak, last)).toBe(true);
            expect(milestone).toBeLessThanOrEqual(streak);
            expect(last).toBe(STREAK_PREVIOUS[milestone]);
          }
        },
      ),
    );
  });
});

describe('displayedStreakBonus', () => {
  it.each([
    [-1, 100],
    [0, 100],
    [1, 1000],
    [4, 1000],
    [7, 1000],
    [8, 1500],
    [14, 1500],
    [15, 3000],
    [21, 3000],
    [22, 5000],
    [28, 5000],
    [100, 5000],
  ])('streak %i shows %i', (streak, bonus) => {
    expect(displayedStreakBonus(streak)).toBe(bonus);
  });
});

describe('streakBarPercent', () => {
  it.each([
    [0, 0],
    [1, 3.57],
    [2, 7.14],
    [7, 24.99],
    [14, 49.98],
    [21, 74.97],
    [27, 96.39],
    [28, 99.96],
  ])('streak %i fills %d%%', (streak, percent) => {
    expect(streakBarPercent(streak)).toBeCloseTo(percent, 10);
  });

  it.each([29, 30, 56, 1000])('is capped at 100 for streak %i', (streak) => {
    expect(streakBarPercent(streak)).toBe(100);
  });

  it('is 0 for a negative streak', () => {
    expect(streakBarPercent(-3)).toBe(0);
  });

  it('never decreases as the streak grows and stays within 0..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 200 }), (streak) => {
        const percent = streakBarPercent(streak);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(streakBarPercent(streak + 1)).toBeGreaterThanOrEqual(percent);
      }),
    );
  });
});

describe('isReferralMilestoneClaimable', () => {
  it.each([
    // [milestone, successful_referrals, last_claimed_referral_milestone, claimable]
    [1, 0, 0, false],
    [1, 1, 0, true],
    [1, 99, 0, true],
    [1, 1, 1, false],
    [10, 9, 1, false],
    [10, 10, 1, true],
    [10, 10, 0, false],
    [10, 10, 10, false],
    [20, 19, 10, false],
    [20, 20, 10, true],
    [20, 25, 1, false],
    [30, 29, 20, false],
    [30, 30, 20, true],
    [30, 30, 30, false],
    [50, 49, 30, false],
    [50, 50, 30, true],
    [50, 60, 20, false],
    [99, 98, 50, false],
    [99, 99, 50, true],
    [99, 150, 50, true],
    [99, 99, 99, false],
    [99, 99, 30, false],
    // A last claimed value that is no milestone never matches.
    [10, 10, 5, false],
  ] as const)(
    'milestone %i with %i referrals and last claimed %i: claimable %s',
    (milestone, referrals, last, claimable) => {
      expect(isReferralMilestoneClaimable(milestone, referrals, last)).toBe(claimable);
    },
  );

  describe('every (referrals, last claimed) combination around the milestones', () => {
    const referrals = [0, 1, 2, 9, 10, 11, 19, 20, 21, 29, 30, 31, 49, 50, 51, 98, 99, 100];
    const lasts = [0, 1, 10, 20, 30, 50, 99];

    it.each(REFERRAL_MILESTONES)('milestone %i', (milestone) => {
      let claimableCount = 0;
      for (const count of referrals) {
        for (const last of lasts) {
          const claimable = count >= milestone && last === REFERRAL_PREVIOUS[milestone];
          if (claimable) claimableCount += 1;
          expect(
            isReferralMilestoneClaimable(milestone, count, last),
            `${count} referrals, last claimed ${last}`,
          ).toBe(claimable);
        }
      }
      expect(claimableCount).toBe(referrals.filter((c) => c >= milestone).length);
      expect(claimableCount).toBeLessThan(referrals.length * lasts.length);
    });
  });
});

describe('claimableReferralMilestone', () => {
  it.each([
    [0, 0, null],
    [1, 0, 1],
    // Out of order: with 25 referrals but nothing claimed, 1 comes first.
    [25, 0, 1],
    [9, 1, null],
    [10, 1, 10],
    [25, 1, 10],
    [25, 10, 20],
    [29, 20, null],
    [30, 20, 30],
    [49, 30, null],
    [50, 30, 50],
    [98, 50, null],
    [99, 50, 99],
    [200, 99, null],
    [5, 10, null],
    [10, 7, null],
  ] as const)('%i referrals, last claimed %i: %s', (count, last, expected) => {
    expect(claimableReferralMilestone(count, last)).toBe(expected);
  });

  it('returns a milestone isReferralMilestoneClaimable accepts, and at most one is claimable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 150 }),
        fc.oneof(fc.constantFrom(0, 1, 10, 20, 30, 50, 99), fc.integer({ min: -5, max: 120 })),
        (count, last) => {
          const claimable = REFERRAL_MILESTONES.filter((m) =>
            isReferralMilestoneClaimable(m, count, last),
          );
          expect(claimable.length).toBeLessThanOrEqual(1);
          const milestone = claimableReferralMilestone(count, last);
          expect(milestone).toBe(claimable[0] ?? null);
          if (milestone !== null) {
            expect(isReferralMilestoneClaimable(milestone, count, last)).toBe(true);
            expect(milestone).toBeLessThanOrEqual(count);
            expect(last).toBe(REFERRAL_PREVIOUS[milestone]);
            // A milestone that can be claimed is not yet shown as Claimed.
            expect(isReferralMilestoneClaimed(milestone, last)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('isReferralMilestoneClaimed', () => {
  it.each([
    [1, 0, false],
    [1, 1, true],
    [1, 10, true],
    [10, 1, false],
    [10, 9, false],
    [10, 10, true],
    [10, 99, true],
    [20, 10, false],
    [20, 20, true],
    [30, 20, false],
    [30, 30, true],
    [50, 30, false],
    [50, 50, true],
    [99, 50, false],
    [99, 98, false],
    [99, 99, true],
  ] as const)('milestone %i with last claimed %i: Claimed %s', (milestone, last, claimed) => {
    expect(isReferralMilestoneClaimed(milestone, last)).toBe(claimed);
  });

  it('shows Claimed for exactly the milestones up to the last claimed one', () => {
    expect(REFERRAL_MILESTONES.filter((m) => isReferralMilestoneClaimed(m, 20))).toEqual([
      1, 10, 20,
    ]);
    expect(REFERRAL_MILESTONES.filter((m) => isReferralMilestoneClaimed(m, 0))).toEqual([]);
    expect(REFERRAL_MILESTONES.filter((m) => isReferralMilestoneClaimed(m, 99))).toEqual([
      ...REFERRAL_MILESTONES,
    ]);
  });
});

describe('milestoneProgress', () => {
  it.each([
    [0, 1, 0],
    [1, 1, 1],
    [5, 1, 1],
    [0, 10, 0],
    [5, 10, 0.5],
    [9, 10, 0.9],
    [10, 10, 1],
    [15, 10, 1],
    [15, 20, 0.75],
    [33, 99, 1 / 3],
    [100, 99, 1],
    [-2, 10, 0],
  ])('%i referrals toward %i: %d', (count, target, progress) => {
    expect(milestoneProgress(count, target)).toBeCloseTo(progress, 12);
  });

  it('is min(referrals, target) / target for every milestone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom(...REFERRAL_MILESTONES),
        (count, target) => {
          const progress = milestoneProgress(count, target);
          expect(progress).toBe(Math.min(count, target) / target);
          expect(progress).toBeGreaterThanOrEqual(0);
          expect(progress).toBeLessThanOrEqual(1);
          expect(progress === 1).toBe(count >= target);
        },
      ),
    );
  });
});
