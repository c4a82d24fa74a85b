import { createHash, randomBytes, randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@netpulse/shared';

/** `length` characters from the unambiguous alphabet, easy to read out and type. */
function readableCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** An 8-character code from the unambiguous alphabet (referral and invite codes). */
export function newReferralCode(): string {
  return readableCode(REFERRAL_CODE_LENGTH);
}

/** The public id of a ledger transaction: 16 readable characters (about 79 random bits). */
export function newTransactionId(): string {
  return readableCode(16);
}

/**
 * A two-factor recovery code, `abcde-12345`: ten characters of the unambiguous alphabet in
 * lower case (about 50 random bits), with a dash in the middle to read it out in halves.
 */
export function newRecoveryCode(): string {
  const code = readableCode(10).toLowerCase();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A 256-bit secret for links and refresh cookies, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secret tokens are kept at rest: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
