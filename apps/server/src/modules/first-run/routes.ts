/** GET /v1/api/first-run: the dashboard's first-run checklist (docs/decisions/033). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstRunEnvelopeSchema, SERVER_MESSAGES } from '@netpulse/shared';
import { unauthorized } from '../../lib/http-error.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { firstRunStateOf } from './first-run-repository.ts';

const firstRunRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/first-run',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'The first-run checklist: email verified, extension signed in, first test, first daily claim, first friend invited',
        response: responses(firstRunEnvelopeSchema, 401, 429),
      },
      config: rateLimit(120, '1 minute'),
    },
    async (request) => {
      const state = await firstRunStateOf(app.db, sessionUserOf(request).id);
      if (!state) throw unauthorized(SERVER_MESSAGES.unauthorized);
      return okAnswer(state);
    },
  );
};

export default firstRunRoutes;
