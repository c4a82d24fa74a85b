/**
 * POST /v1/api/auth/login/two-factor (public: the challenge names the sign-in): the second
 * step of a login whose password step answered a challenge (sign-in-challenge.ts). It ends as
 * the password login does, through auth's own path: the same session, cookie and answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenDataSchema,
  dataEnvelope,
  refusalEnvelopeSchema,
  twoFactorLoginRequestSchema,
} from '@netpulse/shared';
import { responses } from '../../lib/replies.ts';
import { accountNamesOf, finishLogin, loggedInAnswer } from '../auth/index.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { proofOf } from './two-factor-proof.ts';
import { TWO_FACTOR_RATE_LIMITS } from './two-factor-policy.ts';
import { proveSecondStep } from './sign-in-challenge.ts';

export interface TwoFactorLoginRoutesOptions {
  context: TwoFactorContext;
}

const twoFactorLoginRoutes: FastifyPluginAsyncZod<TwoFactorLoginRoutesOptions> = async (
  app,
  options,
) => {
  app.post(
    '/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Finish a login with two-factor sign-in: the password step's challenge and a code of the app or a recovery code; answers as a login does",
        body: twoFactorLoginRequestSchema,
        response: {
          ...responses(dataEnvelope(accessTokenDataSchema), 400, 401, 429),
          403: refusalEnvelopeSchema,
        },
      },
      config: TWO_FACTOR_RATE_LIMITS.loginSecondStep,
    },
    async (request, reply) => {
      const address = request.ip;
      const { challenge } = request.body;
      const proof = proofOf(request.body);
      const account = await proveSecondStep(options.context, { challenge, proof, address });
      const proven = { user: account, typedNames: accountNamesOf(account) };
      const limiter = app.loginThrottle.limiter;
      return loggedInAnswer(await finishLogin(app, limiter, proven, { request, reply }));
    },
  );
};

export default twoFactorLoginRoutes;
