import type { Locale } from '@netpulse/i18n';
import type { Queryable, Transaction } from '../../db/client.ts';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import { sendSafely } from '../../providers/mail/send-safely.ts';
import {
  alreadyVerifiedMail,
  mailContextOf,
  verificationMail,
} from '../../providers/mail/templates.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import {
  consumeEmailToken,
  insertEmailToken,
  isTokenOfVerifiedUser,
} from './email-tokens-repository.ts';
import { settleReferral } from '../referrals/index.ts';
import { findUserByEmail, lockUser, markEmailVerified } from './users-repository.ts';
import { inTransaction } from '../../db/transaction.ts';

/** Stores a new verification token (hashed, 24 h) and returns the token for the link. */
export async function createVerificationToken(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<string> {
  const token = newSecretToken();
  await insertEmailToken(db, {
    userId,
    purpose: 'verify',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + AUTH_POLICY.verifyTokenLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * Hands the verification mail, in the account's language, to the mailer without waiting for
 * it; a failure is only logged.
 */
export function sendVerificationMail(
  context: AuthContext,
  account: { email: string; locale: Locale },
  token: string,
): void {
  void sendSafely(
    context.mailer,
    context.log,
    verificationMail(mailContextOf(context.config, account.locale), account.email, token),
  );
}

/**
 * Marks the address verified (keeping the first verification time) and, since a
 * verified email is half of a successful referral, pays the referrer's bonus
 * when the referee's 15 tests came first. The one way an email becomes verified.
 */
export async function completeEmailVerification(
  tx: Transaction,
  userId: number,
  now: Date,
): Promise<void> {
  await lockUser(tx, userId);
  await markEmailVerified(tx, userId, now);
  await settleReferral(tx, userId, now);
}

/** What following a verification link did. */
export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid';

/**
 * Uses a verification link. A link whose address is verified already (followed
 * twice, or an older one) says so rather than calling the person unverified.
 */
export async function verifyEmail(context: AuthContext, token: string): Promise<VerifyOutcome> {
  const now = context.clock.now();
  const tokenHash = hashToken(token);
  return inTransaction(context.db, async (tx) => {
    const link = await consumeEmailToken(tx, { tokenHash, purpose: 'verify', now });
    if (link === null) {
      const verified = await isTokenOfVerifiedUser(tx, { tokenHash, purpose: 'verify' });
      return verified ? 'already-verified' : 'invalid';
    }
    await completeEmailVerification(tx, link.userId, now);
    return 'verified';
  });
}

/**
 * "Resend the email" (decision 033), run after the answer, which is the same for
 * every address: an unverified account gets a fresh link, a verified one a note
 * that it can log in, an unknown or banned address nothing.
 */
export async function resendVerification(context: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.bannedAt) return;
  if (user.emailVerifiedAt) {
    void sendSafely(
      context.mailer,
      context.log,
      alreadyVerifiedMail(mailContextOf(context.config, user.locale), user.email),
    );
    return;
  }
  const token = await createVerificationToken(context.db, user.id, context.clock.now());
  sendVerificationMail(context, user, token);
}
