/**
 * Login (spec section 7). Unknown account and wrong password get one answer
 * and take as long; the account's status (banned, unverified) is told only
 * after the right password (sign-in.ts, where the login ends). Failed passwords
 * are throttled per name typed and address, per name, and per account whatever
 * name is typed (login-attempt-limiter.ts), the same for names no account has.
 */
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES, type LoginRequest } from '@netpulse/shared';
import { tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import type { AuthContext } from './auth-context.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { passwordMatches } from './passwords.ts';
import type { SignInAccount } from './sign-in.ts';
import { findUserByEmailOrUsername } from './users-repository.ts';
import { text } from '../../lib/server-intl.ts';

const MINUTE_MS = 60_000;

/** The names an account can be logged in by, for its throttle. */
export const accountNamesOf = (user: { email: string; username: string }) => [
  user.email,
  user.username,
];

/** Checks the password (throttled); the account it proves, for `finishSignIn` to sign in. */
export async function logIn(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  input: Pick<LoginRequest, 'emailOrUsername' | 'password'>,
  address: string,
): Promise<SignInAccount> {
  const user = await findUserByEmailOrUsername(context.db, input.emailOrUsername);
  const lockedForMs = await limiter.refusedFor(input.emailOrUsername, address);
  if (lockedForMs > 0) {
    throw tooManyRequests(
      text(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes: Math.ceil(lockedForMs / MINUTE_MS) }),
    );
  }
  const attempt = { typedName: input.emailOrUsername, accountId: user?.id };
  // Past the account's limit a new address gets the wrong-password answer even
  // for the right password: a 429 here would link the names of one account.
  const accountRefuses = await limiter.accountRefuses(attempt, address);

  // Always one argon2 verification, against a dummy hash when there is no account.
  const matches = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !matches || accountRefuses) {
    await limiter.recordFailure(attempt, address);
    throw unauthorized(SERVER_MESSAGES.invalidCredentials);
  }
  await limiter.recordSuccess(input.emailOrUsername, accountNamesOf(user), address);
  const { passwordHash: _proven, ...account } = user;
  return account;
}
