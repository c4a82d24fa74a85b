import { REFERRAL_COMMISSION_RATE, REFERRAL_QUALIFYING_TESTS } from '../constants.ts';

/**
 * docs/ARCHITECTURE.md section 5: a referral is successful once the referee has
 * verified the email and has REFERRAL_QUALIFYING_TESTS credited speed tests, in
 * whichever order those happen.
 */
export function isReferralQualified(emailVerified: boolean, creditedTests: number): boolean {
  return emailVerified && creditedTests >= REFERRAL_QUALIFYING_TESTS;
}

/**
 * The referrer's commission on one credited test of a successful referee: 10 %
 * of the test's points, rounded down to whole Bytes (so it never pays more than
 * the rate). Paid for the tests credited after the referral became successful;
 * the test that qualifies it pays the referral bonus instead.
 */
export function referralCommission(testPoints: number): number {
  // In whole percent so that 50 x 10 % is exactly 5, not 5.000000000000001.
  const percent = Math.round(REFERRAL_COMMISSION_RATE * 100);
  return Math.floor((Math.max(0, testPoints) * percent) / 100);
}

/** A referee's progress shown to the referrer: n of 15, n never above 15. */
export function qualifyingTestsProgress(creditedTests: number): number {
  return Math.min(Math.max(0, creditedTests), REFERRAL_QUALIFYING_TESTS);
}

/**
 * An address as a referrer sees it: the first character of the local part, three
 * stars, the domain (`jane@example.com` -> `j***@example.com`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}
