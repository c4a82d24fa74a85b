/** The reader's notices under /v1/api/notifications (issue 30): the list, marking read, the preferences. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  markNotificationsReadSchema,
  notificationListEnvelope,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  SERVER_MESSAGES,
  unreadEventSchema,
} from '@netpulse/shared';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import {
  markRead,
  notificationsPage,
  preferencesOf,
  updatePreferences,
} from './notifications-service.ts';

const READ_RATE_LIMIT = rateLimit(120, '1 minute');
const WRITE_RATE_LIMIT = rateLimit(60, '1 minute');
const tags = ['notifications'];

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Your notices, newest first (only the unread with unread=true), and how many are unread',
        querystring: notificationsQuerySchema,
        response: responses(notificationListEnvelope, 400, 401, 403, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => {
      const user = sessionUserOf(request);
      const found = await notificationsPage(app.db, user.id, answerLocale(request), request.query);
      const page = pageAnswer(request.query, found);
      return { ...page, meta: { ...page.meta, unread: found.unread } };
    },
  );

  app.post(
    '/read',
    {
      schema: {
        tags,
        summary: 'Marks some of your notices read, or all of them; answers how many stay unread',
        body: markNotificationsReadSchema,
        response: responses(dataEnvelope(unreadEventSchema), 400, 401, 403, 429),
      },
      config: WRITE_RATE_LIMIT,
    },
    async (request) => {
      const unread = await markRead(
        app.db,
        sessionUserOf(request).id,
        request.body,
        app.clock.now(),
      );
      return okAnswer({ unread });
    },
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Which events you hear of on which channel, quiet hours and your time zone',
        response: responses(dataEnvelope(notificationPreferencesSchema), 401, 403, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => okAnswer(await preferencesOf(app.db, sessionUserOf(request).id)),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Saves your notification preferences (security by mail stays on)',
        body: notificationPreferencesSchema,
        response: responses(dataEnvelope(notificationPreferencesSchema), 400, 401, 403, 429),
      },
      config: WRITE_RATE_LIMIT,
    },
    async (request) =>
      answer(
        SERVER_MESSAGES.preferencesSaved,
        await updatePreferences(app.db, sessionUserOf(request).id, request.body, app.clock.now()),
      ),
  );
};

export default notificationRoutes;
