/** The Referral screen's reads under /v1/api (spec section 7); the milestone claim is with the claims. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  listEnvelope,
  referralCampaignSchema,
  referralStatusQuerySchema,
  referralStatusRowSchema,
} from '@netpulse/shared';
import { okAnswer, responses } from '../../lib/replies.ts';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { referralCampaign, referralStatusPage } from './referral-service.ts';

const READ_RATE_LIMIT = rateLimit(120, '1 minute');
const tags = ['referrals'];

const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referrals-stats',
    {
      schema: {
        tags,
        summary: 'Successful and pending referrals, the bonus they paid, and the referral links',
        response: responses(dataEnvelope(referralCampaignSchema), 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => okAnswer(await referralCampaign(app, sessionUserOf(request).id)),
  );

  app.get(
    '/referrals-status',
    {
      schema: {
        tags,
        summary:
          'The people you referred, newest first, by registration UTC day (both inclusive), with their progress toward 15 tests',
        querystring: referralStatusQuerySchema,
        response: responses(listEnvelope(referralStatusRowSchema), 400, 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) =>
      pageAnswer(
        request.query,
        await referralStatusPage(app, sessionUserOf(request).id, request.query),
      ),
  );
};

export default referralRoutes;
