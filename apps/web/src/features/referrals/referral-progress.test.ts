import { describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
import { pendingReferralHint, referralStatusLabel } from './referral-progress';

const pending = { referral_status: 'pending', tests_completed: 0, email_verified: true } as const;

describe('pendingReferralHint', () => {
  it('shows the referee’s progress toward the 15 qualifying tests', () => {
    expect(pendingReferralHint(pending)).toBe('0/15 tests');
    expect(pendingReferralHint({ ...pending, tests_completed: 7 })).toBe('7/15 tests');
  });

  it('says when the referee has not verified the email yet', () => {
    expect(pendingReferralHint({ ...pending, tests_completed: 3, email_verified: false })).toBe(
      '3/15 tests · email not verified',
    );
  });

  it('never counts past 15 or below 0', () => {
    // 15 tests without a verified email stay pending: the count stops at 15.
    expect(pendingReferralHint({ ...pending, tests_completed: 22, email_verified: false })).toBe(
      '15/15 tests · email not verified',
    );
    expect(pendingReferralHint({ ...pending, tests_completed: -1 })).toBe('0/15 tests');
  });

  it('has nothing to explain once the referral succeeded', () => {
    expect(
      pendingReferralHint({
        referral_status: 'success',
        tests_completed: 15,
        email_verified: true,
      }),
    ).toBeNull();
  });
});

describe('referralStatusLabel', () => {
  it('reads pending or success', () => {
    expect(referralStatusLabel('pending')).toBe('Pending');
    expect(referralStatusLabel('success')).toBe('Success');
  });
});

describe("in the page's language", () => {
  it("counts the tests with the language's plural forms", async () => {
    const ru = formatterFor('ru', await loadMessages('ru'));
    expect(pendingReferralHint({ ...pending, tests_completed: 3 }, ru)).toBe('3/15 тестов');
    expect(pendingReferralHint({ ...pending, tests_completed: 3, email_verified: false }, ru)).toBe(
      '3/15 тестов · email не подтверждён',
    );
    const ar = formatterFor('ar', await loadMessages('ar'));
    expect(referralStatusLabel('pending', ar)).toBe('معلّقة');
  });
});
