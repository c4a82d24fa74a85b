/**
 * PATCH /v1/api/account/preferences: what a person sets about their own account (in the
 * signed-in scope, a web session's only). Today its language (issue 28): the answers and
 * mails of the account are in it from the next request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountPreferencesSchema, dataEnvelope, SERVER_MESSAGES } from '@netpulse/shared';
import { answer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { forgetLiveSessions } from './live-sessions.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { updateLocale } from './users-repository.ts';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the account’s preferences: its language',
        body: accountPreferencesSchema,
        response: responses(dataEnvelope(accountPreferencesSchema), 400, 401, 429),
      },
      config: AUTH_RATE_LIMITS.preferences,
    },
    async (request) => {
      const user = sessionUserOf(request);
      const { locale } = request.body;
      await updateLocale(app.db, user.id, locale);
      // The sessions remember the language they read (authenticate.ts): this server's read it
      // again at their next request; another server's within AUTH_POLICY.sessionRecheckMs.
      forgetLiveSessions({ userId: user.id });
      request.user = { ...user, locale };
      request.log.info({ userId: user.id, locale }, 'account language set');
      return answer(SERVER_MESSAGES.preferencesSaved, { locale });
    },
  );
};

export default accountRoutes;
