/**
 * The login throttle's counts, one store per app: the login and every other step a password
 * proves (password-confirmation.ts) count failures in it together. app.ts makes the store
 * once and hands it to each route plugin that checks a password.
 */
import type { Clock } from '../../lib/clock.ts';
import type { Redis } from '../../lib/redis.ts';
import { AUTH_POLICY } from './auth-policy.ts';
import {
  type AttemptStore,
  InMemoryAttemptStore,
  LoginAttemptLimiter,
  RedisAttemptStore,
} from './login-attempt-limiter.ts';

/** In Redis when several servers share the counts (REDIS_URL), else in this process's memory. */
export function createAttemptStore(app: { redis: Redis | null; clock: Clock }): AttemptStore {
  return app.redis
    ? new RedisAttemptStore(app.redis, app.clock)
    : new InMemoryAttemptStore(app.clock);
}

/** The login throttle over the app's store, with the policy of AUTH_POLICY. */
export function loginLimiterOn(store: AttemptStore, clock: Clock): LoginAttemptLimiter {
  return new LoginAttemptLimiter(store, clock, AUTH_POLICY.loginThrottle);
}
