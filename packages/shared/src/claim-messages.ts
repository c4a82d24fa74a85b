import { defineTexts } from '@netpulse/i18n';

/** Toasts of the claims and data screens (spec section 8). */
export const CLAIM_TOASTS = defineTexts('claimToasts', {
  dailyClaimSuccess: 'Daily claim successful! 🎉',
  dailyClaimFailure: 'An error occurred while adding daily claim data.',
  streakClaimSuccess: 'Streak bonus reward claimed successfully! 🎉',
  referralClaimSuccess: 'Referral quest reward claimed successfully! 🎉',
  pointsClaimSuccess: 'Bytes claimed! 🎉',
  claimFailure: 'An error occurred while claiming bonus.',
});

/**
 * The toast of a read that failed (spec section 8: "An error occurred while fetching
 * {what}."), one whole sentence per read so that each translates as a sentence.
 */
export const FETCH_FAILED = defineTexts('fetchFailed', {
  userProfile: 'An error occurred while fetching user profile data.',
  dashboardStats: 'An error occurred while fetching dashboard stats data.',
  dashboardStatistic: 'An error occurred while fetching dashboard statistic data.',
  dashboardEarningChart: 'An error occurred while fetching dashboard earning chart data.',
  questConstants: 'An error occurred while fetching quest constant data.',
  referralCampaign: 'An error occurred while fetching referral campaign data.',
  referralStatus: 'An error occurred while fetching referral status data.',
  transactions: 'An error occurred while fetching transaction history data.',
  earnings: 'An error occurred while fetching earnings data.',
  nodes: 'An error occurred while fetching node data.',
  speedtestQuota: 'An error occurred while fetching speed test quota data.',
  speedHistory: 'An error occurred while fetching speed history data.',
  speedtestReceipt: 'An error occurred while fetching speed test receipt data.',
});
