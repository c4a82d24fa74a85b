/** The claims API under /v1/api (spec section 7): POST with no body, per-IP rate limited. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POINTS_MESSAGES } from '@netpulse/shared';
import { answer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { claimDaily, claimStreakMilestone } from './claim-service.ts';
import { CLAIM_RATE_LIMIT, claimEnvelope, claimResult } from './claim-answer.ts';
import { claimReferralMilestone } from '../referrals/index.ts';

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/daily-claim',
    {
      schema: {
        tags: ['claims'],
        summary: 'Claim the daily 100 Bytes (once per UTC day); extends or restarts the streak',
        response: responses(claimEnvelope, 401, 409, 429),
      },
      config: CLAIM_RATE_LIMIT,
    },
    async (request) => {
      const credited = await claimDaily(app, sessionUserOf(request).id);
      return answer(POINTS_MESSAGES.dailyClaimed, claimResult(credited));
    },
  );

  app.post(
    '/claim-streaks-points',
    {
      schema: {
        tags: ['claims'],
        summary: 'Claim the streak milestone (7, 14, 21, 28 days) that is ready',
        response: responses(claimEnvelope, 401, 409, 429),
      },
      config: CLAIM_RATE_LIMIT,
    },
    async (request) => {
      const credited = await claimStreakMilestone(app, sessionUserOf(request).id);
      return answer(POINTS_MESSAGES.streakClaimed, claimResult(credited));
    },
  );

  app.post(
    '/claim-referral-points',
    {
      schema: {
        tags: ['claims'],
        summary:
          'Claim the referral milestone (1, 10, 20, 30, 50, 99 successful referrals) that is ready',
        response: responses(claimEnvelope, 401, 409, 429),
      },
      config: CLAIM_RATE_LIMIT,
    },
    async (request) => {
      const credited = await claimReferralMilestone(app, sessionUserOf(request).id);
      return answer(POINTS_MESSAGES.referralClaimed, claimResult(credited));
    },
  );
};

export default claimRoutes;
