/** The quests API under /v1/api: for now the constants the quests screen reads. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, questConstantsSchema, SERVER_MESSAGES } from '@netpulse/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { questConstantsOf } from './quest-constants.ts';

const questRoutes: FastifyPluginAsyncZod = async (app) => {
  const constants = questConstantsOf(app.config);

  app.get(
    '/constants',
    {
      schema: {
        tags: ['quests'],
        summary: 'Quest rewards and the social quests’ links',
        response: { 200: dataEnvelope(questConstantsSchema), ...errorResponses(401, 429) },
      },
      config: rateLimit(120, '1 minute'),
    },
    async () => ({ success: true, message: SERVER_MESSAGES.ok, data: constants }),
  );
};

export default questRoutes;
