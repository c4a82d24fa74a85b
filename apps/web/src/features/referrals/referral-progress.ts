import {
  qualifyingTestsProgress,
  REFERRAL_QUALIFYING_TESTS,
  type ReferralStatusRow,
} from '@netpulse/shared';
import { intl as activeIntl, type PageFormatter } from '@/lib/i18n/active-locale';

/** Spec section 3: 'pending' reads pending, any other status reads success. */
export function referralStatusLabel(
  status: ReferralStatusRow['referral_status'],
  intl: PageFormatter = activeIntl(),
): string {
  return status === 'pending'
    ? intl.formatMessage({ id: 'referrals.statusPending', defaultMessage: 'Pending' })
    : intl.formatMessage({ id: 'referrals.statusSuccess', defaultMessage: 'Success' });
}

/**
 * Why a referral is still pending, as the referrer reads it under the status:
 * the referee's qualifying tests so far ("3/15 tests") and, when the referee has
 * not verified the email yet, "email not verified". Null once it succeeded.
 */
export function pendingReferralHint(
  row: Pick<ReferralStatusRow, 'referral_status' | 'tests_completed' | 'email_verified'>,
  intl: PageFormatter = activeIntl(),
): string | null {
  if (row.referral_status !== 'pending') return null;
  const values = {
    done: qualifyingTestsProgress(row.tests_completed),
    required: REFERRAL_QUALIFYING_TESTS,
  };
  return row.email_verified
    ? intl.formatMessage(
        {
          id: 'referrals.progressTests',
          defaultMessage: '{done}/{required, plural, one {# test} other {# tests}}',
        },
        values,
      )
    : intl.formatMessage(
        {
          id: 'referrals.progressTestsUnverified',
          defaultMessage:
            '{done}/{required, plural, one {# test} other {# tests}} · email not verified',
        },
        values,
      );
}
