import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, publicConfigSchema } from '@netpulse/shared';
import { okAnswer, responses } from '../../lib/replies.ts';
import { publicConfigOf } from './public-config.ts';

/** GET /v1/api/config: the public settings, for a web app not served by this server (vite dev). */
const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { tags: ['config'], response: responses(dataEnvelope(publicConfigSchema)) } },
    async () => okAnswer(publicConfigOf(app.config)),
  );
};

export default publicConfigRoutes;
