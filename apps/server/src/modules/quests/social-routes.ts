/**
 * The social quest calls under /v1/api (spec section 7): the one-time state a
 * login carries, the X and Discord logins (browser navigations, so no bearer
 * token: the state names the session), the three link calls, one
 * verify call per quest step and one claim call per quest, all described by
 * SOCIAL_QUESTS in the shared package.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  discordLinkRequestSchema,
  linkedAccountSchema,
  QUEST_MESSAGES,
  QUEST_PLATFORM_NAMES,
  SERVER_MESSAGES,
  questCheckSchema,
  questTitle,
  SOCIAL_LINK_PATHS,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  SOCIAL_STATE_PATH,
  socialStateRequestSchema,
  socialStateSchema,
  telegramLinkRequestSchema,
  xLinkRequestSchema,
  youtubeCheckRequestSchema,
  type LinkedAccount,
  type YoutubeCheckRequest,
} from '@netpulse/shared';
import { errorsAsPage } from '../../lib/error-page.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { SealedBox } from '../../lib/sealed-box.ts';
import { createSocialPlatforms } from '../../providers/social/index.ts';
import { authenticate, sessionUserOf } from '../auth/authenticate.ts';
import { CLAIM_RATE_LIMIT, claimEnvelope, claimResult } from '../claims/claim-answer.ts';
import { claimSocialQuest } from './quest-claims.ts';
import { QUEST_CHECKS } from './quest-checks.ts';
import type { QuestContext } from './quest-context.ts';
import { issueLoginState, takeLoginState } from './login-state.ts';
import {
  discordLoginUrl,
  finishDiscordLogin,
  finishXLogin,
  linkDiscord,
  linkTelegram,
  linkX,
  finishYoutubeLogin,
  startXLogin,
  startYoutubeLogin,
} from './social-links.ts';

/** Each check asks a platform; this keeps one person from turning us into a proxy. */
const PLATFORM_RATE_LIMIT = rateLimit(30, '1 minute');
const tags = ['quests'];
const signedIn = { security: [{ bearer: [] }], tags };
const platformErrors = errorResponses(400, 401, 403, 409, 429, 502, 503);
const linkEnvelope = dataEnvelope(linkedAccountSchema);
const checkEnvelope = dataEnvelope(questCheckSchema);
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

const socialQuestRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: QuestContext = {
    db: app.db,
    clock: app.clock,
    config: app.config,
    platforms: createSocialPlatforms(app.config),
    box: new SealedBox(app.authSecret, 'social-tokens'),
  };

  app.post(
    SOCIAL_STATE_PATH,
    {
      schema: {
        ...signedIn,
        summary: "A one-time state for a platform login this session starts (the login's ?state=)",
        body: socialStateRequestSchema,
        response: { 200: dataEnvelope(socialStateSchema), ...errorResponses(400, 401, 429) },
      },
      config: PLATFORM_RATE_LIMIT,
      preHandler: authenticate,
    },
    async (request) => ({
      success: true,
      message: SERVER_MESSAGES.ok,
      data: {
        state: await issueLoginState(context, sessionUserOf(request), request.body.platform),
      },
    }),
  );

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

  /**
   * A link call: the body as the platform's login handed it to the browser,
   * with the state this session was issued; the state is used up first.
   */
  const linkRoute = <Body extends z.ZodType<{ state: string }>>(
    platform: keyof typeof SOCIAL_LINK_PATHS,
    body: Body,
    link: (context: QuestContext, userId: number, body: z.infer<Body>) => Promise<LinkedAccount>,
  ) => {
    const name = QUEST_PLATFORM_NAMES[platform];
    app.post(
      SOCIAL_LINK_PATHS[platform],
      {
        schema: {
          ...signedIn,
          summary: `Links the ${name} account the platform confirms for the tokens given`,
          body,
          response: { 200: linkEnvelope, ...platformErrors },
        },
        config: PLATFORM_RATE_LIMIT,
        preHandler: authenticate,
      },
      async (request) => {
        const body = request.body as z.infer<Body>;
        const session = sessionUserOf(request);
        await takeLoginState(context, body.state, session, platform);
        return {
          success: true,
          message: QUEST_MESSAGES.linked(name),
          data: await link(context, session.id, body),
        };
      },
    );
  };
  linkRoute('x', xLinkRequestSchema, linkX);
  linkRoute('discord', discordLinkRequestSchema, linkDiscord);
  linkRoute('telegram', telegramLinkRequestSchema, linkTelegram);

  for (const key of SOCIAL_QUEST_KEYS) {
    const quest = SOCIAL_QUESTS[key];
    const title = questTitle(key, app.config.PRODUCT_NAME);
    const check = QUEST_CHECKS[key as keyof typeof QUEST_CHECKS];
    if ('verify' in quest && check) {
      app.route({
        method: quest.verify.method,
        url: quest.verify.path,
        schema: {
          ...signedIn,
          summary: `Verifies "${title}" with the platform`,
          ...(key === 'youtubeSubscribe' ? { body: youtubeCheckRequestSchema } : {}),
          response: { 200: checkEnvelope, ...platformErrors },
        },
        config: PLATFORM_RATE_LIMIT,
        preHandler: authenticate,
        handler: async (request) => {
          const input =
            key === 'youtubeSubscribe'
              ? ((request.body as YoutubeCheckRequest) ?? undefined)
              : undefined;
          const session = sessionUserOf(request);
          // A YouTube sign-in's token counts only with the state this session was issued.
          if (input?.accessToken !== undefined) {
            await takeLoginState(context, input.state ?? '', session, 'youtube');
          }
          const answer = await check(context, session.id, input);
          return { success: true, message: answer.message, data: answer.data };
        },
      });
    }
    app.post(
      quest.claimPath,
      {
        schema: {
          ...signedIn,
          summary: `Claims "${title}" (${quest.points} Bytes) once it is verified`,
          response: { 200: claimEnvelope, ...errorResponses(401, 409, 429) },
        },
        config: CLAIM_RATE_LIMIT,
        preHandler: authenticate,
      },
      async (request) => ({
        success: true,
        message: QUEST_MESSAGES.claimed,
        data: claimResult(await claimSocialQuest(context, sessionUserOf(request).id, key)),
      }),
    );
  }
};

export default socialQuestRoutes;
