/**
 * A signed-in person proving a step with their password (issue 29: deleting the account).
 * It is the login's own check (`passwordPasses`): a wrong password counts in the login
 * throttle as a failed login of the account's username from this address, so a stolen
 * session cannot guess the password here faster than at the login; once that count refuses
 * the name, this refuses too (429, the login's words).
 */
import type { LoginAttemptLimiter } from './login-attempt-limiter.ts';
import { passwordPasses } from './login-service.ts';

/** True when `password` is the account's (its row as the caller read it); a wrong one counts. */
export function confirmAccountPassword(
  limiter: LoginAttemptLimiter,
  account: { id: number; username: string; passwordHash: string },
  password: string,
  address: string,
): Promise<boolean> {
  return passwordPasses(limiter, { typedName: account.username, account }, password, address);
}
