/**
 * Login (spec section 7). Unknown account and wrong password get one answer
 * and take as long; the account's status (banned, unverified) is told only
 * after the right password. Failed passwords count per account.
 */
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES, type LoginRequest } from '@netpulse/shared';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import type { AuthContext } from './auth-context.ts';
import { resendVerificationIfDue } from './email-verification-service.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { passwordMatches } from './passwords.ts';
import { startSession, type SessionGrant } from './session-service.ts';
import { findUserByEmailOrUsername } from './users-repository.ts';

const MINUTE_MS = 60_000;

/** The throttle key of an account. */
export const accountThrottleKey = (userId: number) => `account:${userId}`;

/**
 * Unknown names are throttled like accounts, so a lock does not tell whether
 * the name exists.
 */
const unknownNameThrottleKey = (emailOrUsername: string) => `name:${emailOrUsername.toLowerCase()}`;

export async function logIn(
  context: AuthContext,
  limiter: LoginAttemptLimiter,
  input: Pick<LoginRequest, 'emailOrUsername' | 'password'>,
): Promise<SessionGrant> {
  const user = await findUserByEmailOrUsername(context.db, input.emailOrUsername);
  const throttleKey = user
    ? accountThrottleKey(user.id)
    : unknownNameThrottleKey(input.emailOrUsername);
  const lockedForMs = await limiter.lockedFor(throttleKey);
  if (lockedForMs > 0) {
    throw tooManyRequests(SERVER_MESSAGE_TEMPLATES.loginLocked(Math.ceil(lockedForMs / 60_000)));
  }

  // Always one argon2 verification, against a dummy hash when there is no account.
  const matches = await passwordMatches(user?.passwordHash, input.password);
  if (!user || !matches) {
    await limiter.recordFailure(throttleKey);
    throw unauthorized(SERVER_MESSAGES.invalidCredentials);
  }
  await limiter.reset(throttleKey);

  if (user.bannedAt) throw forbidden(SERVER_MESSAGES.accountBanned);
  if (!user.emailVerifiedAt) {
    const resend = await resendVerificationIfDue(context, user);
    if (resend.sent) throw forbidden(SERVER_MESSAGES.emailNotVerified);
    const now = context.clock.now().getTime();
    throw forbidden(
      SERVER_MESSAGE_TEMPLATES.verificationMailWaiting(
        Math.floor((now - resend.lastSentAt.getTime()) / MINUTE_MS),
        Math.ceil((resend.nextAllowedAt.getTime() - now) / MINUTE_MS),
      ),
    );
  }
  return startSession(context, user.id);
}
