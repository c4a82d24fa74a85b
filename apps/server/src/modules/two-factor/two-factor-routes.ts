/**
 * The account's second factors under /v1/api/account (signed in, a web session's only):
 * which are on, and the authenticator app's setup, confirmation, turning off and recovery
 * codes. Routes only translate HTTP: the rules live in totp-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  messageEnvelopeSchema,
  recoveryCodesSchema,
  secondFactorProofRequestSchema,
  SERVER_MESSAGES,
  totpCodeRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
  TWO_FACTOR_MESSAGES,
} from '@netpulse/shared';
import { unauthorized } from '../../lib/http-error.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { signInAccountOf } from '../auth/index.ts';
import type { TwoFactorContext } from './two-factor-context.ts';
import { proofOf } from './two-factor-proof.ts';
import { TWO_FACTOR_RATE_LIMITS } from './two-factor-policy.ts';
import {
  confirmTotp,
  renewRecoveryCodes,
  startTotpSetup,
  turnOffTotp,
  twoFactorStatus,
  type FactorChange,
} from './totp-service.ts';

export interface TwoFactorRoutesOptions {
  context: TwoFactorContext;
}

const recoveryCodesEnvelope = dataEnvelope(recoveryCodesSchema);

const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, options) => {
  const { context } = options;

  /** The signed-in account making a change, and the request it comes from. */
  async function changeOf(request: FastifyRequest): Promise<FactorChange> {
    const account = await signInAccountOf(context.db, sessionUserOf(request).id);
    // The session was live a moment ago: only an account erased since has none.
    if (!account) throw unauthorized(SERVER_MESSAGES.unauthorized);
    return { account, address: request.ip, userAgent: request.headers['user-agent'] };
  }

  app.get(
    '/two-factor',
    {
      schema: {
        tags: ['account'],
        summary:
          'Which second factors are on: the authenticator app, recovery codes left, passkeys',
        response: responses(dataEnvelope(twoFactorStatusSchema), 401, 429),
      },
      config: TWO_FACTOR_RATE_LIMITS.status,
    },
    async (request) => okAnswer(await twoFactorStatus(context, sessionUserOf(request).id)),
  );

  app.post(
    '/two-factor/totp',
    {
      schema: {
        tags: ['account'],
        summary:
          'Start setting up an authenticator app: a new secret and its otpauth:// URL, not active until a first code confirms it',
        response: responses(dataEnvelope(totpSetupSchema), 401, 409, 429),
      },
      config: TWO_FACTOR_RATE_LIMITS.settings,
    },
    async (request) => {
      const { account } = await changeOf(request);
      return answer(TWO_FACTOR_MESSAGES.setupStarted, await startTotpSetup(context, account));
    },
  );

  app.post(
    '/two-factor/totp/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          "Turn two-factor sign-in on with the app's first code; answers ten recovery codes, shown once",
        body: totpCodeRequestSchema,
        response: responses(recoveryCodesEnvelope, 400, 401, 409, 429),
      },
      config: TWO_FACTOR_RATE_LIMITS.settings,
    },
    async (request) => {
      const recoveryCodes = await confirmTotp(context, await changeOf(request), request.body.code);
      return answer(TWO_FACTOR_MESSAGES.turnedOn, { recoveryCodes });
    },
  );

  app.delete(
    '/two-factor/totp',
    {
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor sign-in off, with a code of the app or a recovery code',
        body: secondFactorProofRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 409, 429),
      },
      config: TWO_FACTOR_RATE_LIMITS.settings,
    },
    async (request) => {
      await turnOffTotp(context, await changeOf(request), proofOf(request.body));
      return answer(TWO_FACTOR_MESSAGES.turnedOff);
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      schema: {
        tags: ['account'],
        summary:
          'Replace the recovery codes, with a code of the app or a recovery code; the old ones stop working',
        body: secondFactorProofRequestSchema,
        response: responses(recoveryCodesEnvelope, 400, 401, 409, 429),
      },
      config: TWO_FACTOR_RATE_LIMITS.settings,
    },
    async (request) => {
      const proof = proofOf(request.body);
      const recoveryCodes = await renewRecoveryCodes(context, await changeOf(request), proof);
      return answer(TWO_FACTOR_MESSAGES.recoveryCodesRenewed, { recoveryCodes });
    },
  );
};

export default twoFactorRoutes;
