/**
 * The platform logins under /v1/api: browser navigations opened in a new tab, so
 * no bearer token reaches them; the one-time state the signed-in page was issued
 * (social-routes.ts) names the session instead. Their errors are a page to read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUEST_MESSAGES, QUEST_PLATFORM_NAMES, SOCIAL_LOGIN_PATHS } from '@netpulse/shared';
import { errorsAsPage } from '../../lib/error-page.ts';
import { errorResponses } from '../../lib/replies.ts';
import { PLATFORM_RATE_LIMIT, questContextOf } from './quest-context.ts';
import {
  discordLoginUrl,
  finishDiscordLogin,
  finishXLogin,
  finishYoutubeLogin,
  startXLogin,
  startYoutubeLogin,
} from './social-links.ts';

const tags = ['quests'];
/** The state the page was issued, in a login's start address. */
const startQuery = z.object({
  state: z
    .string({ error: QUEST_MESSAGES.loginStateMissing })
    .min(1, { error: QUEST_MESSAGES.loginStateMissing })
    .max(128),
});

/** The logins' addresses are opened by the browser: their errors are a page to read. */
const signInPageOf = (platform: 'x' | 'discord' | 'youtube') =>
  errorsAsPage({
    title: `${QUEST_PLATFORM_NAMES[platform]} sign-in`,
    back: { href: '/quests', label: 'Back to Quests' },
  });
const signInPage = {
  x: signInPageOf('x'),
  discord: signInPageOf('discord'),
  youtube: signInPageOf('youtube'),
};

const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = questContextOf(app);

  app.get(
    SOCIAL_LOGIN_PATHS.x,
    {
      onSend: signInPage.x,
      schema: {
        tags,
        summary: 'Starts the X login (OAuth 1.0a); opened in a new tab',
        querystring: startQuery,
        response: errorResponses(400, 429, 502, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(await startXLogin(context, request.query.state)),
  );

  app.get(
    '/auth/twitter/callback',
    {
      onSend: signInPage.x,
      schema: {
        tags,
        summary: 'Where X returns after the login: on to /quests with the account and its tokens',
        querystring: z.object({
          oauth_token: z.string().max(512).optional(),
          oauth_verifier: z.string().max(512).optional(),
          denied: z.string().max(512).optional(),
        }),
        response: errorResponses(400, 403, 429, 502, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(await finishXLogin(context, request.query)),
  );

  app.get(
    SOCIAL_LOGIN_PATHS.discord,
    {
      onSend: signInPage.discord,
      schema: {
        tags,
        summary:
          'Starts the Discord login (implicit grant, back to /discord-auth); opened in a new tab',
        querystring: startQuery,
        response: errorResponses(400, 429, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(discordLoginUrl(context, request.query.state)),
  );

  app.get(
    '/auth/discord/callback',
    {
      onSend: signInPage.discord,
      schema: {
        tags,
        summary: 'From /discord-auth: on to /quests with the Discord account and its token',
        querystring: z.object({
          accessToken: z
            .string({ error: QUEST_MESSAGES.accessTokenMissing })
            .min(1, { error: QUEST_MESSAGES.accessTokenMissing })
            .max(512),
          state: startQuery.shape.state,
        }),
        response: errorResponses(400, 403, 429, 502, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(await finishDiscordLogin(context, request.query)),
  );

  app.get(
    SOCIAL_LOGIN_PATHS.youtube,
    {
      onSend: signInPage.youtube,
      schema: {
        tags,
        summary:
          "Starts Google's consent for the YouTube Data API check; opened in a new tab (503 without it)",
        querystring: startQuery,
        response: errorResponses(400, 429, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(await startYoutubeLogin(context, request.query.state)),
  );

  app.get(
    '/auth/youtube/callback',
    {
      onSend: signInPage.youtube,
      schema: {
        tags,
        summary: 'Where Google returns after the consent: on to /quests with the access token',
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(512).optional(),
        }),
        response: errorResponses(400, 403, 429, 502, 503),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request, reply) => reply.redirect(await finishYoutubeLogin(context, request.query)),
  );
};

export default socialLoginRoutes;
