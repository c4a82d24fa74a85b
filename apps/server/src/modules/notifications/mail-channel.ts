/**
 * The notifications' mail channel, registered in app.ts once the job queue is: the
 * `notice.mail` handler, the hourly digest and its per-person job, and the signed-out
 * unsubscribe routes under /v1/api/notifications.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTICE_MAIL_JOB } from './deliveries.ts';
import {
  DIGEST_MAIL_JOB,
  DIGEST_SCAN_INTERVAL_MS,
  DIGEST_SCAN_JOB,
  digestMailHandler,
  digestScanHandler,
} from './mail-digest.ts';
import { MailLinks, noticeMailHandler } from './mail-delivery.ts';
import unsubscribeRoutes from './unsubscribe-routes.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

export const noticeMailChannel = fp(
  async (app: FastifyInstance) => {
    const tokens = new UnsubscribeTokens(app.authSecret);
    const links = new MailLinks(app.config.PUBLIC_URL, tokens);
    app.jobs.handle(NOTICE_MAIL_JOB, noticeMailHandler(app, links));
    app.jobs.handle(DIGEST_MAIL_JOB, digestMailHandler(app, links));
    app.jobs.every(DIGEST_SCAN_JOB, DIGEST_SCAN_INTERVAL_MS, digestScanHandler(app));
    await app.register(unsubscribeRoutes, { prefix: '/v1/api/notifications', tokens });
  },
  { name: 'notice-mail-channel', dependencies: ['job-queue'] },
);
