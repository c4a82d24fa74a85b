/**
 * The account's own settings (issue 29): what the Account screen shows of it, its username
 * (once in 30 days) and its password. A signed-in person's password check counts in the
 * login throttle like a login's, so these routes cannot be used to guess a password.
 */
import {
  ACCOUNT_MESSAGE_TEMPLATES,
  ACCOUNT_MESSAGES,
  formatDateTime,
  SERVER_MESSAGES,
  type AccountOverview,
} from '@netpulse/shared';
import { inTransaction } from '../../db/transaction.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import { badRequest, HttpError, unauthorized } from '../../lib/http-error.ts';
import { text } from '../../lib/server-intl.ts';
import { recordSecurityEvent } from '../security-events/index.ts';
import type { AuthContext } from './auth-context.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import { pendingEmailOf, retireEmailTokens } from './email-tokens-repository.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { accountNamesOf, passwordPasses } from './login-service.ts';
import { requireAcceptablePassword } from './new-password.ts';
import { hashPassword } from './passwords.ts';
import { revokeWebSessionsOfUser } from './sessions-repository.ts';
import {
  findUserRow,
  isUsernameTaken,
  lockLiveAccount,
  updatePasswordHash,
  updateUsername,
  type UserRow,
} from './users-repository.ts';

/** Who asks, from where: the signed-in session, and its request's browser and address. */
export interface Requester {
  userId: number;
  /** The caller's own session (refresh family): it stays when the others end. */
  sessionId: string;
  userAgent: string | undefined;
  address: string;
}

const DAY_MS = 24 * 3600_000;

/** The signed-in account's row; its session outlived it only if it was just deleted. */
export async function signedInAccount(context: AuthContext, userId: number): Promise<UserRow> {
  const account = await findUserRow(context.db, userId);
  if (!account || account.deletedAt) throw unauthorized(SERVER_MESSAGES.unauthorized);
  return account;
}

/** When the username may change again, if that is still to come. */
function usernameChangeableAt(account: UserRow, now: Date): Date | null {
  if (!account.usernameChangedAt) return null;
  const at = new Date(account.usernameChangedAt.getTime() + AUTH_POLICY.usernameChangeIntervalMs);
  return at > now ? at : null;
}

/** What the Account screen shows of the account, from its row. */
export async function accountOverview(
  context: AuthContext,
  account: UserRow,
): Promise<AccountOverview> {
  const now = context.clock.now();
  const changeableAt = usernameChangeableAt(account, now);
  return {
    username: account.username,
    email: account.email,
    pending_email: await pendingEmailOf(context.db, account.id, now),
    username_changeable_at: changeableAt?.toISOString() ?? null,
  };
}

/**
 * The person's current password, checked under the login throttle (counted against the
 * account's username, from the request's address): a wrong one is a 400 on `field`.
 */
export async function requireCurrentPassword(
  limiter: LoginAttemptLimiter,
  account: UserRow,
  password: string,
  address: string,
  field: string,
): Promise<void> {
  const attempt = { typedName: account.username, account };
  if (!(await passwordPasses(limiter, attempt, password, address))) {
    throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, {
      [field]: [ACCOUNT_MESSAGES.currentPasswordWrong],
    });
  }
  await limiter.recordSuccess(account.username, accountNamesOf(account), address);
}

const usernameTaken = () =>
  new HttpError(409, SERVER_MESSAGES.usernameTaken, {
    username: [SERVER_MESSAGES.usernameTaken],
  });

/**
 * A new username: unique whatever its case (409), at most once in 30 days (409 naming when
 * it may change again). The row is locked, so two changes at once cannot both pass the rule.
 * Answers the account's row as the change left it.
 */
export async function changeUsername(
  context: AuthContext,
  userId: number,
  username: string,
): Promise<UserRow> {
  const now = context.clock.now();
  try {
    return await inTransaction(context.db, async (tx) => {
      const account = await lockLiveAccount(tx, userId);
      if (!account) throw unauthorized(SERVER_MESSAGES.unauthorized);
      if (account.username === username) {
        throw badRequest(ACCOUNT_MESSAGES.usernameUnchanged, {
          username: [ACCOUNT_MESSAGES.usernameUnchanged],
        });
      }
      const changeableAt = usernameChangeableAt(account, now);
      if (changeableAt) {
        throw new HttpError(
          409,
          text(ACCOUNT_MESSAGE_TEMPLATES.usernameChangeWait, {
            days: AUTH_POLICY.usernameChangeIntervalMs / DAY_MS,
            date: formatDateTime(changeableAt, 'UTC'),
          }),
        );
      }
      // Another account's name in any case; a change of this name's case alone is allowed.
      if (await isUsernameTaken(tx, username, userId)) throw usernameTaken();
      await updateUsername(tx, userId, username, now);
      return { ...account, username, usernameChangedAt: now };
    });
  } catch (error) {
    // A concurrent change or sign-up took the name between the check and the write.
    if (violatedUniqueIndex(error) === 'users_username_unique') throw usernameTaken();
    throw error;
  }
}

/**
 * A new password, proven by the current one: the rules of a new password (decision 028),
 * then every OTHER web session of the account ends (the extension's node sessions stay,
 * and so does the caller's), older reset links stop working, and the account is told.
 */
export async function changePassword(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  requester: Requester,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const account = await signedInAccount(context, requester.userId);
  await requireCurrentPassword(
    limiter,
    account,
    input.currentPassword,
    requester.address,
    'currentPassword',
  );
  requireAcceptablePassword(input.newPassword, account, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.clock.now();
  await inTransaction(context.db, async (tx) => {
    await updatePasswordHash(tx, account.id, passwordHash);
    await retireEmailTokens(tx, account.id, 'reset', now);
    await revokeWebSessionsOfUser(
      tx,
      { userId: account.id, except: requester.sessionId },
      'password-changed',
      now,
    );
    await recordSecurityEvent(
      context,
      {
        userId: account.id,
        type: 'password_changed',
        userAgent: requester.userAgent,
        address: requester.address,
      },
      tx,
    );
  });
}
