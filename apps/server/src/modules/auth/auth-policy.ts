/** The lifetimes and limits of sign-in (docs/ARCHITECTURE.md sections 4 and 6), in one place. */
import { VERIFICATION_RESEND } from '@netpulse/shared';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const AUTH_POLICY = {
  accessTokenLifetimeSeconds: 15 * 60,
  /**
   * How long a server process trusts its last check that a session is live
   * (not revoked, not expired, user not banned) before asking the database again:
   * the bound on how late another process sees a logout or a ban.
   */
  sessionRecheckMs: 5_000,
  /** Absolute: rotating a refresh token does not extend its family. */
  refreshFamilyLifetimeMs: 30 * DAY_MS,
  /** A rotated refresh token replayed this soon is a second tab, not a thief. */
  refreshReuseGraceMs: 30_000,
  verifyTokenLifetimeMs: DAY_MS,
  resetTokenLifetimeMs: HOUR_MS,
  /** An email change's link to the new address (issue 29). */
  emailChangeTokenLifetimeMs: DAY_MS,
  /** The link to the old address that undoes an email change. */
  emailUndoTokenLifetimeMs: 7 * DAY_MS,
  /** A username changes at most once in this time (issue 29). */
  usernameChangeIntervalMs: 30 * DAY_MS,
  /**
   * "Resend the email" (decision 033), counted per address typed whether or not an
   * account has it: one mail a minute, a few an hour.
   */
  verificationResend: {
    minIntervalMs: VERIFICATION_RESEND.intervalSeconds * 1000,
    perWindow: VERIFICATION_RESEND.perHour,
    windowMs: HOUR_MS,
  },
  /** Failed passwords before logins are refused (login-attempt-limiter.ts). */
  loginThrottle: {
    addressFailureLimit: 5,
    addressFailureWindowMs: 15 * MINUTE_MS,
    nameFailureLimit: 30,
    nameFailureWindowMs: HOUR_MS,
    knownAddressLifetimeMs: 90 * DAY_MS,
    /**
     * A passkey sign-in fails for a person only by mistake (a passkey removed here but still
     * on the device): a few tries, while an address that keeps failing is refused a while.
     */
    namelessFailureLimit: 10,
  },
} as const;
