/** GET /v1/api/auth/profile: the signed-in user's profile (in the signed-in scope). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, SERVER_MESSAGES, userProfileSchema } from '@netpulse/shared';
import { okAnswer, responses } from '../../lib/replies.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { profileRowsOf, toUserProfile } from './user-profile.ts';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user’s profile',
        response: responses(dataEnvelope(userProfileSchema), 401, 429),
      },
      // The extension's popup shows the name and points with the node's session.
      config: { ...AUTH_RATE_LIMITS.profile, nodeSession: true },
    },
    async (request) => {
      const found = await profileRowsOf(app.db, sessionUserOf(request).id);
      if (!found) throw unauthorized(SERVER_MESSAGES.unauthorized);
      return okAnswer(toUserProfile(found.user, found.quests));
    },
  );
};

export default profileRoutes;
