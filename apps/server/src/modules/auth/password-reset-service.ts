/**
 * Forgotten passwords (spec section 7, docs/ARCHITECTURE.md section 6). The request
 * is answered before this runs (routes.ts), the same for every address; the reset
 * uses its link once, and ends every session of the account.
 */
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import { sendSafely } from '../../providers/mail/send-safely.ts';
import { mailContextOf, passwordResetMail } from '../../providers/mail/templates.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import {
  consumeEmailToken,
  insertEmailToken,
  retireEmailTokens,
  usableEmailTokenOwner,
} from './email-tokens-repository.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { accountNamesOf } from './login-service.ts';
import { requireAcceptablePassword } from './new-password.ts';
import { hashPassword } from './passwords.ts';
import { revokeRefreshFamilies } from './sessions-repository.ts';
import {
  findUserByEmail,
  findUserRow,
  markEmailVerified,
  updatePasswordHash,
} from './users-repository.ts';
import { inTransaction } from '../../db/transaction.ts';

/** For a known, unbanned address: a reset token (1 h) and its mail. */
export async function requestPasswordReset(context: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.bannedAt) return;
  const now = context.clock.now();
  const token = newSecretToken();
  await insertEmailToken(context.db, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + AUTH_POLICY.resetTokenLifetimeMs),
    createdAt: now,
  });
  await sendSafely(
    context.mailer,
    context.log,
    passwordResetMail(mailContextOf(context.config, user.locale), user.email, token),
  );
}

/**
 * Sets the new password if the token is usable; false otherwise. The token is
 * checked before hashing (a bad link costs no argon2) and consumed in the same
 * transaction that changes the password, by a conditional UPDATE, so two
 * concurrent resets with one link cannot both succeed. A new password that breaks
 * a rule of new-password.ts is refused (400 on `newPassword`) with the link unused;
 * only a usable link learns the rules that name the account.
 */
export async function resetPassword(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  input: { token: string; newPassword: string },
): Promise<boolean> {
  const tokenHash = hashToken(input.token);
  const linkOwner = await usableEmailTokenOwner(context.db, {
    tokenHash,
    purpose: 'reset',
    now: context.clock.now(),
  });
  if (linkOwner === null) return false;
  const account = await findUserRow(context.db, linkOwner);
  if (!account) return false;
  requireAcceptablePassword(input.newPassword, account, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.clock.now();
  const userId = await inTransaction(context.db, async (tx) => {
    const link = await consumeEmailToken(tx, { tokenHash, purpose: 'reset', now });
    if (link === null) return null;
    const owner = link.userId;
    await updatePasswordHash(tx, owner, passwordHash);
    // Other reset links die with this one, and the other sessions end.
    await retireEmailTokens(tx, owner, 'reset', now);
    await revokeRefreshFamilies(tx, { userId: owner }, 'password-reset', now);
    // The link came to the mailbox, which proves the address as a verification link would.
    await markEmailVerified(tx, owner, now);
    return owner;
  });
  if (userId === null) return false;
  // The owner proved the mailbox: no throttle of the account holds them back any more.
  await limiter.clear({ id: account.id, names: accountNamesOf(account) });
  return true;
}
