/**
 * The signed-in social quest calls under /v1/api (spec section 7): the one-time
 * state a platform login carries, the three link calls, one verify call per
 * quest step and one claim call per quest, all described by SOCIAL_QUESTS in the
 * shared package. The logins themselves are social-login-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  discordLinkRequestSchema,
  linkedAccountSchema,
  QUEST_MESSAGE_TEMPLATES,
  QUEST_MESSAGES,
  QUEST_PLATFORM_NAMES,
  questCheckSchema,
  questTitle,
  SOCIAL_LINK_PATHS,
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
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { CLAIM_RATE_LIMIT, claimEnvelope, claimResult } from '../claims/index.ts';
import { claimSocialQuest } from './quest-claims.ts';
import { QUEST_CHECKS } from './quest-checks.ts';
import { PLATFORM_RATE_LIMIT, questContextOf, type QuestContext } from './quest-context.ts';
import { issueLoginState, takeLoginState } from './login-state.ts';
import { linkDiscord, linkTelegram, linkX } from './social-links.ts';
import { text } from '../../lib/server-intl.ts';

const tags = ['quests'];
/** What a call to a platform may answer besides its success. */
const PLATFORM_ERRORS = [400, 401, 403, 409, 429, 502, 503] as const;
const linkEnvelope = dataEnvelope(linkedAccountSchema);
const checkEnvelope = dataEnvelope(questCheckSchema);
const socialQuestRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = questContextOf(app);

  app.post(
    SOCIAL_STATE_PATH,
    {
      schema: {
        tags,
        summary: "A one-time state for a platform login this session starts (the login's ?state=)",
        body: socialStateRequestSchema,
        response: responses(dataEnvelope(socialStateSchema), 400, 401, 429),
      },
      config: PLATFORM_RATE_LIMIT,
    },
    async (request) =>
      okAnswer({
        state: await issueLoginState(context, sessionUserOf(request), request.body.platform),
      }),
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
          tags,
          summary: `Links the ${name} account the platform confirms for the tokens given`,
          body,
          response: responses(linkEnvelope, ...PLATFORM_ERRORS),
        },
        config: PLATFORM_RATE_LIMIT,
      },
      async (request) => {
        const body = request.body as z.infer<Body>;
        const session = sessionUserOf(request);
        await takeLoginState(context, body.state, session, platform);
        return answer(
          text(QUEST_MESSAGE_TEMPLATES.linked, { platform: name }),
          await link(context, session.id, body),
        );
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
          tags,
          summary: `Verifies "${title}" with the platform`,
          ...(key === 'youtubeSubscribe' ? { body: youtubeCheckRequestSchema } : {}),
          response: responses(checkEnvelope, ...PLATFORM_ERRORS),
        },
        config: PLATFORM_RATE_LIMIT,
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
          const checked = await check(context, session.id, input);
          return answer(checked.message, checked.data);
        },
      });
    }
    app.post(
      quest.claimPath,
      {
        schema: {
          tags,
          summary: `Claims "${title}" (${quest.points} Bytes) once it is verified`,
          response: responses(claimEnvelope, 401, 409, 429),
        },
        config: CLAIM_RATE_LIMIT,
      },
      async (request) =>
        answer(
          QUEST_MESSAGES.claimed,
          claimResult(await claimSocialQuest(context, sessionUserOf(request).id, key)),
        ),
    );
  }
};

export default socialQuestRoutes;
