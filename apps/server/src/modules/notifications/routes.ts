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
import { answer, errorResponses, okAnswer, responses } from '../../lib/replies.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import {
  markRead,
  notificationsPage,
  preferencesOf,
  updatePreferences,
} from './notifications-service.ts';
import { openNoticeStreams, type SessionCheck } from './notice-streams.ts';

export interface NotificationRoutesOptions {
  /** Auth's check that a stream's session is still live (app.ts hands it in). */
  sessionIsLive: SessionCheck;
  /** How often a stream gets its keep-alive comment and its session is checked. */
  keepAliveMs?: number;
}

const READ_RATE_LIMIT = rateLimit(120, '1 minute');
const WRITE_RATE_LIMIT = rateLimit(60, '1 minute');
const tags = ['notifications'];

const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  options,
) => {
  const streams = await openNoticeStreams(app, options.sessionIsLive, options.keepAliveMs);

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

  app.get(
    '/stream',
    {
      schema: {
        tags,
        summary:
          'Your unread count, live (text/event-stream): `event: unread` with {"unread": n} when it opens and at each change, a comment every 25 s',
        response: errorResponses(401, 403, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      // The stream outlives the handler: Fastify no longer answers for this reply.
      reply.hijack();
      // What the hooks set so far (the rate limit's headers, the security headers) stays.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) would otherwise hold the events back in their buffer.
        'x-accel-buffering': 'no',
        // The socket goes with the stream: a closing server then waits for no idle keep-alive.
        connection: 'close',
      });
      await streams.open(user, reply.raw);
    },
  );
};

export default notificationRoutes;
