/**
 * Authenticator apps' codes (TOTP, RFC 6238) through otpauth: a new secret, the otpauth://
 * URL its QR code holds, and the time step a typed code belongs to. No state: which steps
 * were used is the repository's (useTotpStep).
 */
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_POLICY } from './two-factor-policy.ts';

const { algorithm, digits, periodSeconds, windowSteps } = TWO_FACTOR_POLICY.totp;

/** A new random secret, base32 (what the person may type instead of scanning). */
export function newTotpSecret(): string {
  return new Secret({ size: TWO_FACTOR_POLICY.secretBytes }).base32;
}

function totpOf(secret: string, account?: { issuer: string; label: string }): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm,
    digits,
    period: periodSeconds,
    ...(account ?? {}),
  });
}

/** The URL of the QR code: the product as the issuer, the username as the account's label. */
export function otpauthUrlOf(secret: string, account: { issuer: string; label: string }): string {
  return totpOf(secret, account).toString();
}

/**
 * The time step of `code` when it is the secret's code at `now` or one step either side,
 * else null. The caller accepts the step once (no replay within its window).
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: windowSteps });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
