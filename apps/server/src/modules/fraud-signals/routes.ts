/**
 * GET /fraud-signals for the operator's console (docs/decisions/023).
 * app.ts registers it inside the admin scope, under /v1/admin, which
 * decides who may call it; this plugin only answers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@netpulse/shared';
import { fraudSignalsQuerySchema, fraudSignalsSchema } from '@netpulse/shared/admin';
import { okAnswer, responses } from '../../lib/replies.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { fraudSignals } from './fraud-signals-service.ts';

const fraudSignalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fraud-signals',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Fraud signals of the last 24 hours or 7 days: shared addresses, referral rings, implausible nodes, each with its accounts and their evidence',
        querystring: fraudSignalsQuerySchema,
        response: responses(dataEnvelope(fraudSignalsSchema), 400, 401, 403, 429),
      },
      // Each call runs three window scans: a console reload or two a second is plenty.
      config: rateLimit(30, '1 minute'),
    },
    async (request) =>
      okAnswer(
        await fraudSignals(app.db, {
          window: request.query.window,
          minAccounts: request.query.minAccounts,
          now: app.clock.now(),
          linkCeilingMbps: app.config.LINK_CEILING_MBPS,
          locale: answerLocale(request),
        }),
      ),
  );
};

export default fraudSignalRoutes;
