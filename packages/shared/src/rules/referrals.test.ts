import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReferralQualified,
  maskEmail,
  qualifyingTestsProgress,
  referralCommission,
} from './referrals.ts';

describe('referral qualification', () => {
  it('needs both a verified email and 15 credited tests', () => {
    expect(isReferralQualified(true, 15)).toBe(true);
    expect(isReferralQualified(true, 40)).toBe(true);
    expect(isReferralQualified(true, 14)).toBe(false);
    expect(isReferralQualified(false, 15)).toBe(false);
    expect(isReferralQualified(false, 0)).toBe(false);
  });

  it('shows progress as n of 15, never above 15 or below 0', () => {
    expect(qualifyingTestsProgress(0)).toBe(0);
    expect(qualifyingTestsProgress(7)).toBe(7);
    expect(qualifyingTestsProgress(15)).toBe(15);
    expect(qualifyingTestsProgress(230)).toBe(15);
    expect(qualifyingTestsProgress(-3)).toBe(0);
  });
});

describe('referral commission', () => {
  it('pays 10 % of a test in whole Bytes', () => {
    expect(referralCommission(50)).toBe(5);
    expect(referralCommission(100)).toBe(10);
    expect(referralCommission(200)).toBe(20);
    expect(referralCommission(300)).toBe(30);
  });

  it('rounds down, so it never pays more than 10 %', () => {
    expect(referralCommission(75)).toBe(7);
    expect(referralCommission(9)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (points) => {
        const commission = referralCommission(points);
        expect(Number.isInteger(commission)).toBe(true);
        expect(commission * 10).toBeLessThanOrEqual(points);
        expect((commission + 1) * 10).toBeGreaterThan(points);
      }),
    );
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskEmail('j@example.com')).toBe('j***@example.com');
  });

  it('never shows more of the local part than its first character', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email);
        const at = email.lastIndexOf('@');
        expect(masked).toBe(`${email[0]}***${email.slice(at)}`);
        // The rest of the local part, unless it is only asterisks like the mask itself.
        const rest = email.slice(1, at);
        if (rest !== '' && !/^\*+$/.test(rest)) expect(masked).not.toContain(`${rest}@`);
      }),
    );
  });

  it('shows nothing of a value that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
