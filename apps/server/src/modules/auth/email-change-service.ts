/**
 * Changing the account's email (issue 29). The person asks with their password; a link to
 * the new address confirms it (24 h); once confirmed, the old address is told, with a link
 * that undoes the change for 7 days and signs every browser out (whoever changed it may be
 * signed in). A new address that another account has gets the same answer as any other and
 * no mail: the form never tells which addresses have accounts.
 */
import { ACCOUNT_MESSAGES } from '@netpulse/shared';
import { inTransaction } from '../../db/transaction.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { networkOf } from '../../lib/address-network.ts';
import { browserNameOf } from '../../lib/browser-name.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import {
  emailChangeConfirmMail,
  emailChangeUndoMail,
} from '../../providers/mail/email-change-mails.ts';
import { sendSafely } from '../../providers/mail/send-safely.ts';
import { mailContextOf } from '../../providers/mail/templates.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import {
  requireCurrentPassword,
  signedInAccount,
  type Requester,
} from './account-settings-service.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import {
  consumeEmailToken,
  insertEmailToken,
  retireEmailTokens,
} from './email-tokens-repository.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { revokeWebSessionsOfUser } from './sessions-repository.ts';
import { isEmailTaken, lockLiveAccount, updateVerifiedEmail } from './users-repository.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who follows a link: the request's browser and address (it may be another browser). */
export type LinkFollower = Pick<Requester, 'userAgent' | 'address'>;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Asks for `newEmail`, proven by the password (counted in the login throttle): any earlier
 * request's link stops working, the new one is stored and, when no other account has the
 * address, mailed there. The account is told at its current address either way.
 */
export async function requestEmailChange(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  requester: Requester,
  input: { newEmail: string; password: string },
): Promise<void> {
  const account = await signedInAccount(context, requester.userId);
  await requireCurrentPassword(limiter, account, input.password, requester.address, 'password');
  if (sameAddress(input.newEmail, account.email)) {
    throw badRequest(ACCOUNT_MESSAGES.emailUnchanged, {
      newEmail: [ACCOUNT_MESSAGES.emailUnchanged],
    });
  }
  const now = context.clock.now();
  const token = newSecretToken();
  // The link is stored even for a taken address, so the account's pending address reads alike.
  const taken = await isEmailTaken(context.db, input.newEmail, account.id);
  await inTransaction(context.db, async (tx) => {
    await retireEmailTokens(tx, account.id, 'email_change', now);
    await insertEmailToken(tx, {
      userId: account.id,
      purpose: 'email_change',
      tokenHash: hashToken(token),
      email: input.newEmail,
      expiresAt: new Date(now.getTime() + AUTH_POLICY.emailChangeTokenLifetimeMs),
      createdAt: now,
    });
    await recordSecurityEvent(
      context,
      {
        userId: account.id,
        type: 'email_change_requested',
        userAgent: requester.userAgent,
        address: requester.address,
      },
      tx,
    );
  });
  if (taken) return;
  const mail = emailChangeConfirmMail(
    mailContextOf(context.config, account.locale),
    input.newEmail,
    {
      username: account.username,
      token,
      hours: AUTH_POLICY.emailChangeTokenLifetimeMs / HOUR_MS,
    },
  );
  void sendSafely(context.mailer, context.log, mail);
}

const emailTakenMeanwhile = () => conflict(ACCOUNT_MESSAGES.emailTakenMeanwhile);

/**
 * Follows the new address's link: the account takes the address (still free: checked again,
 * and the unique index settles a race), verified, and the old address gets the undo link.
 */
export async function confirmEmailChange(
  context: AuthContext,
  follower: LinkFollower,
  token: string,
): Promise<void> {
  const now = context.clock.now();
  const undoToken = newSecretToken();
  const changed = await inTransaction(context.db, async (tx) => {
    const link = await consumeEmailToken(tx, {
      tokenHash: hashToken(token),
      purpose: 'email_change',
      now,
    });
    if (!link?.email) throw badRequest(ACCOUNT_MESSAGES.emailLinkInvalid);
    const account = await lockLiveAccount(tx, link.userId);
    if (!account) throw badRequest(ACCOUNT_MESSAGES.emailLinkInvalid);
    if (await isEmailTaken(tx, link.email, account.id)) throw emailTakenMeanwhile();
    await updateVerifiedEmail(tx, account.id, link.email, now);
    await retireEmailTokens(tx, account.id, 'email_change', now);
    await insertEmailToken(tx, {
      userId: account.id,
      purpose: 'email_undo',
      tokenHash: hashToken(undoToken),
      email: account.email,
      expiresAt: new Date(now.getTime() + AUTH_POLICY.emailUndoTokenLifetimeMs),
      createdAt: now,
    });
    await recordSecurityEvent(
      context,
      {
        userId: account.id,
        type: 'email_changed',
        userAgent: follower.userAgent,
        address: follower.address,
      },
      tx,
    );
    return { account, newEmail: link.email };
  }).catch((error: unknown) => {
    // A concurrent change or sign-up took the address between the check and the write.
    if (violatedUniqueIndex(error) === 'users_email_unique') throw emailTakenMeanwhile();
    throw error;
  });
  const { account, newEmail } = changed;
  const mail = emailChangeUndoMail(mailContextOf(context.config, account.locale), account.email, {
    username: account.username,
    newEmail,
    token: undoToken,
    days: AUTH_POLICY.emailUndoTokenLifetimeMs / DAY_MS,
    at: now,
    browser: browserNameOf(follower.userAgent),
    network: networkOf(follower.address),
  });
  void sendSafely(context.mailer, context.log, mail);
}

const undoTaken = () => conflict(ACCOUNT_MESSAGES.emailUndoTaken);

/**
 * Follows the old address's undo link: the account has that address again (unless another
 * account took it meanwhile: 409), every link of a change stops working (an undo link of a
 * later change must not take the address back), and every web session ends.
 */
export async function undoEmailChange(
  context: AuthContext,
  follower: LinkFollower,
  token: string,
): Promise<void> {
  const now = context.clock.now();
  try {
    await inTransaction(context.db, async (tx) => {
      const link = await consumeEmailToken(tx, {
        tokenHash: hashToken(token),
        purpose: 'email_undo',
        now,
      });
      if (!link?.email) throw badRequest(ACCOUNT_MESSAGES.emailLinkInvalid);
      const account = await lockLiveAccount(tx, link.userId);
      if (!account) throw badRequest(ACCOUNT_MESSAGES.emailLinkInvalid);
      if (await isEmailTaken(tx, link.email, account.id)) throw undoTaken();
      await updateVerifiedEmail(tx, account.id, link.email, now);
      await retireEmailTokens(tx, account.id, 'email_change', now);
      await retireEmailTokens(tx, account.id, 'email_undo', now);
      await revokeWebSessionsOfUser(tx, { userId: account.id }, 'email-change-undone', now);
      await recordSecurityEvent(
        context,
        {
          userId: account.id,
          type: 'email_change_undone',
          userAgent: follower.userAgent,
          address: follower.address,
        },
        tx,
      );
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'users_email_unique') throw undoTaken();
    throw error;
  }
}
