/**
 * A signed-in person proving a step with their password (issue 29: deleting the account).
 * A wrong password counts in the login throttle (login-attempt-limiter.ts) as a failed login
 * of the account's username from this address, so a stolen session cannot guess the
 * password here faster than at the login; once that count refuses the name, this refuses too.
 */
import { SERVER_MESSAGE_TEMPLATES } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { text } from '../../lib/server-intl.ts';
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { passwordMatches } from './passwords.ts';
import { findUserRow } from './users-repository.ts';

const MINUTE_MS = 60_000;

/**
 * True when `password` is the account's. Throws 429 (the login's words) while the login
 * throttle refuses the account's name from `address`; a wrong password counts as a failure.
 */
export async function confirmAccountPassword(
  db: Queryable,
  limiter: LoginAttemptLimiter,
  attempt: { userId: number; password: string; address: string },
): Promise<boolean> {
  const user = await findUserRow(db, attempt.userId);
  const typedName = user?.username ?? String(attempt.userId);
  // The person is signed in: a 429 links no names they do not know, so it is said openly.
  const lockedForMs = await limiter.refusedFor(typedName, attempt.address);
  if (lockedForMs > 0) {
    const minutes = Math.ceil(lockedForMs / MINUTE_MS);
    throw tooManyRequests(text(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes }));
  }
  const matches = await passwordMatches(user?.passwordHash, attempt.password);
  if (!matches) {
    await limiter.recordFailure({ typedName, accountId: attempt.userId }, attempt.address);
  }
  return matches;
}
