/**
 * POST /v1/api/nodes/refresh-token: public like the cookie's refresh (the
 * refresh token in the body names the session, an extension node keeps it
 * itself), rate limited per address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  nodeRefreshRequestSchema,
  nodeSessionSchema,
  SERVER_MESSAGES,
} from '@netpulse/shared';
import { answer, responses } from '../../lib/replies.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { refreshNodeSession } from './nodes-service.ts';

const nodeSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/nodes/refresh-token',
    {
      schema: {
        tags: ['nodes'],
        summary: "Rotate an extension node's refresh token for a new access token",
        body: nodeRefreshRequestSchema,
        response: responses(dataEnvelope(nodeSessionSchema), 400, 401, 409, 429),
      },
      config: rateLimit(60, '1 minute'),
    },
    async (request) =>
      answer(SERVER_MESSAGES.refreshed, await refreshNodeSession(app, request.body)),
  );
};

export default nodeSessionRoutes;
