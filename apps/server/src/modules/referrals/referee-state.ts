/**
 * A referee's referral state, as the referral rules read it: a read model of the
 * users table that the referrals module owns, read both by its own repository
 * and, with the referee's row locked, by a group of speed-test completions,
 * which reads its referrers' count of successful referrals (REFERRER_COLUMNS)
 * under their locks too. Its credited tests are users.credited_tests, kept by
 * every completion in its transaction, so the qualifying count is read with the
 * locked row and needs no count of speedtests.
 */
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { users } from '../../db/tables/auth-tables.ts';

/** The referee's columns the referral rules read. */
export const REFEREE_COLUMNS = {
  username: users.username,
  referrerId: users.referredByUserId,
  emailVerifiedAt: users.emailVerifiedAt,
  referralQualifiedAt: users.referralQualifiedAt,
  creditedTests: users.creditedTests,
};

export type RefereeState = SelectResultFields<typeof REFEREE_COLUMNS>;

/** The referrer's column a successful referral counts in. */
export const REFERRER_COLUMNS = {
  successfulReferrals: users.successfulReferrals,
};

export type ReferrerState = SelectResultFields<typeof REFERRER_COLUMNS>;
