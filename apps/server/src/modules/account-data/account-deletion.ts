/**
 * Deleting the account (issue 29): confirmed by the username typed as it is written, the
 * password, and the second factor when one is on. Then, in one transaction, every module
 * that holds something of the person erases it through its face, and the audit log records
 * the deletion without the personal data: all of it happens, or none (a crash in the middle
 * leaves the account whole; test/reliability/crash.test.ts).
 *
 * What stays: the user's row as a tombstone (auth's account-tombstone.ts), so the ledger's
 * rows keep their owner and `points == sum(points_earned)` holds for every account; the
 * tests, without their places; the Bytes referees and the referrer were paid.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '@netpulse/shared/admin';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_VALIDATION,
  SERVER_MESSAGES,
  type DeleteAccountRequest,
} from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../admin/index.ts';
import {
  accountTombstone,
  confirmAccountPassword,
  findUserRow,
  eraseAccountOfUser,
  lockAccountToErase,
  type LoginAttemptLimiter,
} from '../auth/index.ts';
import { queueRebuildsAfterDeletion } from '../explorer/index.ts';
import { renameRefereeInCredits } from '../ledger/index.ts';
import { deleteNodesOfUser } from '../nodes/index.ts';
import { deleteNotificationsOfUser } from '../notifications/index.ts';
import { deletePushSubscriptionsOfUser } from '../push/index.ts';
import { deleteQuestProgressOfUser } from '../quest-progress/index.ts';
import { deleteSocialAccountsOfUser } from '../quests/index.ts';
import { forgetReferralLinksOf } from '../referrals/index.ts';
import { deleteSecurityEventsOfUser } from '../security-events/index.ts';
import { eraseTestPlacesOfUser } from '../speedtests/index.ts';
import { eraseTwoFactorOfUser, type SecondFactorCheck } from '../two-factor/index.ts';

export type AccountDeletionContext = Pick<FastifyInstance, 'db' | 'clock' | 'log'>;

export interface AccountDeletionChecks {
  /** The login throttle: a wrong password here counts as a failed login of the account. */
  loginLimiter: LoginAttemptLimiter;
  confirmSecondFactor: SecondFactorCheck;
}

/** The audit row's action: the person deleted their own account. */
export const ACCOUNT_DELETED_ACTION: AuditAction = 'account.delete';

const refusal = (field: keyof DeleteAccountRequest, message: string) =>
  badRequest(message, { [field]: [message] });

/** Refuses (400, naming the field) unless every proof the deletion asks for holds. */
async function confirmDeletion(
  context: AccountDeletionContext,
  checks: AccountDeletionChecks,
  userId: number,
  request: DeleteAccountRequest,
  address: string,
): Promise<void> {
  const user = await findUserRow(context.db, userId);
  if (!user || user.deletedAt) throw notFound(SERVER_MESSAGES.notFound);
  // Exactly as written, letters' case included: the step that cannot be undone is typed with care.
  if (request.confirm !== user.username) {
    throw refusal('confirm', ACCOUNT_DATA_MESSAGES.confirmMismatch);
  }
  const passwordHolds = await confirmAccountPassword(
    checks.loginLimiter,
    user,
    request.password,
    address,
  );
  if (!passwordHolds) throw refusal('password', ACCOUNT_DATA_MESSAGES.passwordWrong);
  const secondFactor = await checks.confirmSecondFactor(
    userId,
    { code: request.code, recoveryCode: request.recoveryCode },
    address,
  );
  if (secondFactor === 'missing') throw refusal('code', ACCOUNT_VALIDATION.codeRequired);
  if (secondFactor === 'wrong') {
    throw request.code === undefined
      ? refusal('recoveryCode', ACCOUNT_DATA_MESSAGES.recoveryCodeWrong)
      : refusal('code', ACCOUNT_DATA_MESSAGES.codeWrong);
  }
}

/**
 * Every module's part of the deletion, in `tx`, in an order the foreign keys allow: the
 * tests stop naming their nodes before the nodes go, and the nodes stop naming their
 * sessions before the sessions go. False when the account was deleted already.
 */
async function eraseEverything(tx: Transaction, userId: number, now: Date): Promise<boolean> {
  // First, the account's row lock: its other writes (a completion, a claim) wait, then find
  // it deleted. Users' rows are locked in ascending ids (docs/decisions/020): the referees
  // whose link goes next signed up after their referrer, so their ids are higher.
  const account = await lockAccountToErase(tx, userId);
  if (!account) return false;
  const tombstone = accountTombstone(userId);
  await forgetReferralLinksOf(tx, userId);
  await renameRefereeInCredits(tx, userId, tombstone.username);
  // The explorer's periods its tests counted in are rebuilt once this commits, without them.
  await queueRebuildsAfterDeletion(tx, userId, now);
  await eraseTestPlacesOfUser(tx, userId, tombstone.username);
  await deleteNodesOfUser(tx, userId);
  await eraseAccountOfUser(tx, userId, tombstone, now);
  await deleteSocialAccountsOfUser(tx, userId);
  await deleteQuestProgressOfUser(tx, userId);
  await eraseTwoFactorOfUser(tx, userId);
  await deleteSecurityEventsOfUser(tx, userId);
  await deleteNotificationsOfUser(tx, userId);
  await deletePushSubscriptionsOfUser(tx, userId);
  // The account acted on itself, and is named by its id and tombstone alone.
  await writeAudit(
    tx,
    { id: userId, username: tombstone.username },
    {
      action: ACCOUNT_DELETED_ACTION,
      target: `user:${userId}`,
      before: null,
      after: { deleted_at: now.toISOString() },
    },
    now,
  );
  return true;
}

/**
 * Deletes the signed-in account once the request proves it may (400 naming the field
 * otherwise; 429 while the login throttle refuses its name). From the commit on it cannot
 * sign in and its access tokens are refused: this server forgets its sessions at once,
 * another within AUTH_POLICY.sessionRecheckMs, as after a ban.
 */
export async function deleteAccount(
  context: AccountDeletionContext,
  checks: AccountDeletionChecks,
  userId: number,
  request: DeleteAccountRequest,
  address: string,
): Promise<void> {
  await confirmDeletion(context, checks, userId, request, address);
  const now = context.clock.now();
  const deleted = await inTransaction(context.db, (tx) => eraseEverything(tx, userId, now));
  if (!deleted) throw conflict(ACCOUNT_DATA_MESSAGES.alreadyDeleted);
  context.log.info({ userId }, 'account deleted');
}
