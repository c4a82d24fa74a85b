import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, publicConfigSchema } from '@netpulse/shared';
import { publicConfigOf } from './public-config.ts';

/** GET /v1/api/config: the public settings, for a web app not served by this server (vite dev). */
const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: dataEnvelope(publicConfigSchema) } } },
    async () => ({ success: true, message: 'OK', data: publicConfigOf(app.config) }),
  );
};

export default publicConfigRoutes;
