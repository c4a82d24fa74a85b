/**
 * The most common passwords, which a new password must not be (NIST SP 800-63B;
 * docs/decisions/028-password-policy.md). The list is zxcvbn-ts's, ranked by how
 * often each password appeared in published breaches; the first COMMON_PASSWORD_COUNT
 * are kept, in lower case, so `Password1` counts as `password1`. It lives on the
 * server only: the browser bundle stays within its budget.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;

/** Built once, when the module loads (about 0.2 s), not at the first sign-up. */
const commonPasswords = new Set(
  dictionary['passwords-common']
    .slice(0, COMMON_PASSWORD_COUNT)
    .map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
