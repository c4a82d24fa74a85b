/**
 * The policy of every password an account sets (docs/decisions/028-password-policy.md):
 * the shared rules the forms check too, then the list of the most common passwords,
 * which only the server has. Sign-up and reset use it, and so will a change of password.
 */
import { newPasswordProblem, VALIDATION, type PasswordOwner } from '@netpulse/shared';
import { badRequest } from '../../lib/http-error.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Throws a 400 naming the rule `password` breaks, as the error of its form field
 * (`field`), before anything is written; returns when it keeps every rule.
 */
export function requireAcceptablePassword(
  password: string,
  owner: PasswordOwner,
  field: string,
): void {
  const problem =
    newPasswordProblem(password, owner) ??
    (isCommonPassword(password) ? VALIDATION.newPasswordCommon : undefined);
  if (problem !== undefined) throw badRequest(problem, { [field]: [problem] });
}
