import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeResponseSchema, SERVER_MESSAGES } from '@netpulse/shared';
import { notFound } from '../../lib/http-error.ts';
import { answer, responses } from '../../lib/replies.ts';

/**
 * GET /v1/api/captcha/challenge: a fresh ALTCHA challenge for the widget, its
 * fields at the top level beside success and message. Only with ALTCHA; the
 * hosted providers serve their own widgets.
 */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        response: responses(captchaChallengeResponseSchema, 404),
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      if (!app.captcha.createChallenge) {
        throw notFound(
          `This server uses ${app.config.CAPTCHA_PROVIDER}, which needs no challenge from it`,
        );
      }
      const challenge = await app.captcha.createChallenge();
      reply.header('cache-control', 'no-store');
      return { ...answer(SERVER_MESSAGES.ok), ...challenge };
    },
  );
};

export default captchaRoutes;
