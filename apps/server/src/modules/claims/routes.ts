/** The claims API under /v1/api (spec section 7): POST with no body, per-IP rate limited. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimResultSchema, dataEnvelope, POINTS_MESSAGES } from '@netpulse/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { authenticate, sessionUserOf } from '../auth/authenticate.ts';
import { claimDaily, claimStreakMilestone } from './claim-service.ts';
import type { Credited } from '../ledger/credit-points.ts';

/** Generous for a person (a claim a day), tight for a script hammering the route. */
const CLAIM_RATE_LIMIT = rateLimit(60, '1 minute');

const claimEnvelope = dataEnvelope(claimResultSchema);
const claimResult = (credited: Credited) => ({
  points_earned: credited.pointsEarned,
  transaction_id: credited.transactionId,
});

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/daily-claim',
    {
      schema: {
        tags: ['claims'],
        summary: 'Claim the daily 100 Bytes (once per UTC day); extends or restarts the streak',
        security: [{ bearer: [] }],
        response: { 200: claimEnvelope, ...errorResponses(401, 409, 429) },
      },
      config: CLAIM_RATE_LIMIT,
      preHandler: authenticate,
    },
    async (request) => {
      const credited = await claimDaily(app, sessionUserOf(request).id);
      return { success: true, message: POINTS_MESSAGES.dailyClaimed, data: claimResult(credited) };
    },
  );

  app.post(
    '/claim-streaks-points',
    {
      schema: {
        tags: ['claims'],
        summary: 'Claim the streak milestone (7, 14, 21, 28 days) that is ready',
        security: [{ bearer: [] }],
        response: { 200: claimEnvelope, ...errorResponses(401, 409, 429) },
      },
      config: CLAIM_RATE_LIMIT,
      preHandler: authenticate,
    },
    async (request) => {
      const credited = await claimStreakMilestone(app, sessionUserOf(request).id);
      return {
        success: true,
        message: POINTS_MESSAGES.streakClaimed,
        data: claimResult(credited),
      };
    },
  );
};

export default claimRoutes;
