/**
 * The login throttle of the app, made once as it starts and decorated as `app.loginThrottle`:
 * the login, the password reset and a signed-in person's password checks (the account's
 * settings) count in one throttle, whichever route they come through (login-attempt-limiter.ts).
 * Its store is in memory, or in Redis when several servers share it (REDIS_URL).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_POLICY } from './auth-policy.ts';
import {
  InMemoryAttemptStore,
  LoginAttemptLimiter,
  RedisAttemptStore,
  type AttemptStore,
} from './login-attempt-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The login throttle (modules/auth/login-throttle.ts). */
    loginThrottle: {
      /** The counts' store; the verification resend's counts keep keys of their own there. */
      store: AttemptStore;
      limiter: LoginAttemptLimiter;
    };
  }
}

export const loginThrottle = fp(
  async (app: FastifyInstance) => {
    const store = app.redis
      ? new RedisAttemptStore(app.redis, app.clock)
      : new InMemoryAttemptStore(app.clock);
    const limiter = new LoginAttemptLimiter(store, app.clock, AUTH_POLICY.loginThrottle);
    app.decorate('loginThrottle', { store, limiter });
  },
  { name: 'login-throttle' },
);
