/** The referrals module's public face: other modules import only this file. */
export {
  forgetReferralLinksOf,
  REFEREE_COLUMNS,
  type RefereeState,
  REFERRER_COLUMNS,
  type ReferrerState,
} from './referrals-repository.ts';
export { referralLinksOf } from './referral-links.ts';
export {
  referralQualifiedNotices,
  referrerRewardForTest,
  settleReferral,
} from './referral-rewards.ts';
export { claimReferralMilestone, toReferralStatusRow } from './referral-service.ts';
export { default as referralRoutes } from './routes.ts';
