/** The lifetimes, limits and rate limits of the second factors (issue 29), in one place. */
import { rateLimit as limit } from '../../lib/rate-limit.ts';

const MINUTE_MS = 60_000;

export const TWO_FACTOR_POLICY = {
  /**
   * What every authenticator app reads from the QR code (RFC 6238's defaults): SHA-1, six
   * digits, a code every 30 s. A code is accepted one step early or late (the phone's clock).
   */
  totp: { algorithm: 'SHA1', digits: 6, periodSeconds: 30, windowSteps: 1 },
  /** 20 random bytes: RFC 4226's recommended length, 32 base32 characters. */
  secretBytes: 20,
  recoveryCodeCount: 10,
  /** How long the second step of a sign-in may wait after the right password... */
  challengeLifetimeMs: 5 * MINUTE_MS,
  /** ...and how many wrong codes it takes before it is dead (sign in again). */
  maxWrongCodes: 5,
} as const;

/**
 * Per-address limits (@fastify/rate-limit), as the auth routes declare theirs
 * (modules/auth/rate-limits.ts): the second step as many as the password step; the
 * account's settings a few a minute. Guessing a code is bounded by the challenge and the
 * login throttle; these stop floods.
 */
export const TWO_FACTOR_RATE_LIMITS = {
  loginSecondStep: limit(20, '1 minute'),
  status: limit(60, '1 minute'),
  settings: limit(10, '1 minute'),
} as const;
