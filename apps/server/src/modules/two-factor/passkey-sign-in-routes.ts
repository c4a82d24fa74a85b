/**
 * Signing in with a passkey, under /v1/api/auth (issue 29): public on purpose (it is how a
 * person gets a session), rate-limited as the login is, and answered exactly as the login
 * answers (auth's `finishLogin`: the session started in this browser, its cookies, the access token). The rules live in
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
import { finishLogin, loggedInAnswer } from '../auth/index.ts';
import { PASSKEY_RATE_LIMITS } from './passkey-rate-limits.ts';
import { passkeySignIn, signInOptions } from './passkey-sign-in-service.ts';

const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // The app's one login throttle: a passkey's failures count beside the passwords'.
  const limiter = app.loginThrottle.limiter;

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
      // A passkey is both factors: the login's end, with no name typed to forget failures of.
      const proven = { user: account, typedNames: [] };
      return loggedInAnswer(await finishLogin(app, limiter, proven, { request, reply }));
    },
  );
};

export default passkeySignInRoutes;
