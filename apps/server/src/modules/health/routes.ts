import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@netpulse/shared';
import { okAnswer } from '../../lib/replies.ts';

const healthSchema = dataEnvelope(
  z.object({ database: z.enum(['ok', 'unavailable']), kind: z.enum(['pglite', 'postgres']) }),
);

/** GET /v1/health: 200 while the database answers, 503 when it does not. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const kind = app.database.kind;
      try {
        await app.database.ping();
        return okAnswer({ database: 'ok' as const, kind });
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.status(503).send({
          success: false,
          message: 'Database unavailable',
          data: { database: 'unavailable' as const, kind },
        });
      }
    },
  );
};

export default healthRoutes;
