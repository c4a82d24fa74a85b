/**
 * The email change's two links (issue 29), under /v1/api/account but public on purpose: a
 * link may be opened in another browser than the one signed in, and its token is the proof
 * (test/route-access.test.ts lists them). The rules live in email-change-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, emailLinkRequestSchema, messageEnvelopeSchema } from '@netpulse/shared';
import { answer, responses } from '../../lib/replies.ts';
import { confirmEmailChange, undoEmailChange, type LinkFollower } from './email-change-service.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';

const followerOf = (request: FastifyRequest): LinkFollower => ({
  userAgent: request.headers['user-agent'],
  address: request.ip,
});

const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          'Confirm a new email address with the link mailed to it; the old address gets a link that undoes it',
        body: emailLinkRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 409, 429),
      },
      config: AUTH_RATE_LIMITS.emailLink,
    },
    async (request) => {
      await confirmEmailChange(app, followerOf(request), request.body.token);
      return answer(ACCOUNT_MESSAGES.emailChanged);
    },
  );

  app.post(
    '/email/undo',
    {
      schema: {
        tags: ['account'],
        summary:
          'Undo an email change with the link mailed to the old address; every browser is signed out',
        body: emailLinkRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 409, 429),
      },
      config: AUTH_RATE_LIMITS.emailLink,
    },
    async (request) => {
      await undoEmailChange(app, followerOf(request), request.body.token);
      return answer(ACCOUNT_MESSAGES.emailChangeUndone);
    },
  );
};

export default emailLinkRoutes;
