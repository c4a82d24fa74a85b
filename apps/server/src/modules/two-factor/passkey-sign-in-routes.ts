/**
 * Signing in with a passkey, under /v1/api/auth (issue 29): public on purpose (it is how a
 * person gets a session), rate-limited as the login is, and answered exactly as the login
 * answers (auth's `finishSignIn`: the access token, the refresh cookie). The rules live in
 * passkey-sign-in-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenDataSchema,
  dataEnvelope,
  passkeySignInOptionsSchema,
  passkeySignInRequestSchema,
  refusalEnvelopeSchema,
} from '@netpulse/shared';
import { okAnswer, responses } from '../../lib/replies.ts';
import {
  AUTH_POLICY,
  finishSignIn,
  LoginAttemptLimiter,
  type AttemptStore,
} from '../auth/index.ts';
import { PASSKEY_RATE_LIMITS } from './passkey-rate-limits.ts';
import { passkeySignIn, signInOptions } from './passkey-sign-in-service.ts';

export interface PasskeySignInRoutesOptions {
  /** The login throttle's counts, shared with the password login (app.ts). */
  attemptStore: AttemptStore;
}

const passkeySignInRoutes: FastifyPluginAsyncZod<PasskeySignInRoutesOptions> = async (
  app,
  { attemptStore },
) => {
  const limiter = new LoginAttemptLimiter(attemptStore, app.clock, AUTH_POLICY.loginThrottle);

  app.post(
    '/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start a passkey sign-in: options for navigator.credentials.get (any passkey of this site) and the challenge that names them',
        response: responses(dataEnvelope(passkeySignInOptionsSchema), 429, 503),
      },
      config: PASSKEY_RATE_LIMITS.signInOptions,
    },
    async () => okAnswer(await signInOptions(app)),
  );

  app.post(
    '/passkey',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a passkey (no username, no second step); answers as the login does: sets the refresh cookie and returns an access token',
        body: passkeySignInRequestSchema,
        response: {
          ...responses(dataEnvelope(accessTokenDataSchema), 400, 401, 429, 503),
          403: refusalEnvelopeSchema,
        },
      },
      config: PASSKEY_RATE_LIMITS.signIn,
    },
    async (request, reply) => {
      const account = await passkeySignIn(app, limiter, request.body, request.ip);
      return finishSignIn(app, request, reply, account);
    },
  );
};

export default passkeySignInRoutes;
