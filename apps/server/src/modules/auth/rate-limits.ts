/**
 * Per-IP limits of the auth routes (@fastify/rate-limit, route config). They
 * stop floods and password spraying from one address; the login throttle
 * (login-attempt-limiter.ts, per name and address, per name, and per account) covers
 * guessing one account's password, from one address or from many.
 */
import { rateLimit as limit } from '../../lib/rate-limit.ts';

export const AUTH_RATE_LIMITS = {
  signup: limit(10, '15 minutes'),
  login: limit(20, '1 minute'),
  verifyEmail: limit(30, '1 minute'),
  refreshToken: limit(60, '1 minute'),
  logout: limit(30, '1 minute'),
  forgotPassword: limit(10, '15 minutes'),
  /** Per address of the caller; each email address has its own, tighter count (decision 033). */
  resendVerification: limit(10, '15 minutes'),
  resetPassword: limit(10, '15 minutes'),
  profile: limit(120, '1 minute'),
  preferences: limit(30, '1 minute'),
  /** The Account screen's reads: the account and its sessions. */
  accountRead: limit(120, '1 minute'),
  changeUsername: limit(10, '15 minutes'),
  /** A password is checked: the login throttle counts the failures too. */
  changePassword: limit(10, '15 minutes'),
  changeEmail: limit(10, '15 minutes'),
  /** An email change's links (public: the token is the proof). */
  emailLink: limit(10, '15 minutes'),
  endSessions: limit(30, '1 minute'),
} as const;
