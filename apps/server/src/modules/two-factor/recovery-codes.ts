/**
 * Recovery codes (issue 29): ten single-use codes shown once, kept as keyed hashes. About 50
 * random bits each is plenty against guessing online (the login throttle and the challenge's
 * five tries bound it), but a bare SHA-256 of so short a secret could be searched through
 * from a copy of the database: HMAC-SHA-256 under a key derived from the auth secret (never
 * in the database) makes the copy alone worthless.
 */
import { createHmac } from 'node:crypto';
import { deriveSecret } from '../../lib/derived-secret.ts';
import { newRecoveryCode } from '../../lib/random-codes.ts';
import { TWO_FACTOR_POLICY } from './two-factor-policy.ts';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_POLICY.recoveryCodeCount }, newRecoveryCode);
}

/** The key of the recovery codes' hashes, from the app's auth secret. */
export function recoveryCodeKeyOf(authSecret: Uint8Array): string {
  return deriveSecret(authSecret, 'recovery-codes');
}

/**
 * The hash a code is kept and looked up by: of the account and the code as typed without
 * case, blanks or its dash (`ABCDE 12345` is `abcde-12345`), so one guess is for one account.
 */
export function recoveryCodeHash(key: string, userId: number, code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', key).update(`${userId}:${normalized}`).digest('hex');
}
