import { createHash, randomBytes, randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@netpulse/shared';

/** An 8-character code from the unambiguous alphabet (referral and invite codes). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** A 256-bit secret for links and refresh cookies, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secret tokens are kept at rest: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
