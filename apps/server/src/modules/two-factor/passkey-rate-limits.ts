/**
 * Per-IP limits of the passkey routes (@fastify/rate-limit, route config), as the auth
 * routes declare theirs (modules/auth/rate-limits.ts). The sign-in's are the login's; its
 * failures also count in the login throttle per address (passkey-sign-in-service.ts).
 */
import { rateLimit as limit } from '../../lib/rate-limit.ts';

export const PASSKEY_RATE_LIMITS = {
  registrationOptions: limit(20, '1 minute'),
  add: limit(10, '1 minute'),
  list: limit(120, '1 minute'),
  rename: limit(30, '1 minute'),
  remove: limit(30, '1 minute'),
  signInOptions: limit(20, '1 minute'),
  signIn: limit(20, '1 minute'),
} as const;
