import {
  qualifyingTestsProgress,
  REFERRAL_QUALIFYING_TESTS,
  type ReferralStatusRow,
} from '@netpulse/shared';

/** Spec section 3: 'pending' reads pending, any other status reads success. */
export function referralStatusLabel(status: ReferralStatusRow['referral_status']): string {
  return status === 'pending' ? 'Pending' : 'Success';
}

/**
 * Why a referral is still pending, as the referrer reads it under the status:
 * the referee's qualifying tests so far ("3/15 tests") and, when the referee has
 * not verified the email yet, "email not verified". Null once it succeeded.
 */
export function pendingReferralHint(
  row: Pick<ReferralStatusRow, 'referral_status' | 'tests_completed' | 'email_verified'>,
): string | null {
  if (row.referral_status !== 'pending') return null;
  const tests = `${qualifyingTestsProgress(row.tests_completed)}/${REFERRAL_QUALIFYING_TESTS} tests`;
  return row.email_verified ? tests : `${tests} · email not verified`;
}
