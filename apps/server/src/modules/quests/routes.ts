/** The quests API under /v1/api: for now the constants the quests screen reads. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, questConstantsSchema } from '@netpulse/shared';
import { okAnswer, responses } from '../../lib/replies.ts';
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
        response: responses(dataEnvelope(questConstantsSchema), 401, 429),
      },
      config: rateLimit(120, '1 minute'),
    },
    async () => okAnswer(constants),
  );
};

export default questRoutes;
