/**
 * The one-click unsubscribe of the notice mails (RFC 8058), without a session: the token
 * is the proof. A mail client POSTs `List-Unsubscribe=One-Click`; a person who clicks the
 * link opens it with a GET, which must not unsubscribe (mail scanners follow links), so it
 * leads to the web app's page, whose button POSTs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, unsubscribeAnswerSchema, unsubscribeQuerySchema } from '@netpulse/shared';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answer, errorResponses, responses } from '../../lib/replies.ts';
import { text } from '../../lib/server-intl.ts';
import { unsubscribe, UNSUBSCRIBE_TEXTS } from './unsubscribe-service.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export interface UnsubscribeRoutesOptions {
  tokens: UnsubscribeTokens;
}

const UNSUBSCRIBE_RATE_LIMIT = rateLimit(30, '1 minute');
const tags = ['notifications'];

const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (app, options) => {
  // RFC 8058's body is `List-Unsubscribe=One-Click`, form-encoded; what it says changes
  // nothing (the token is the request), so it is read as text and left aside.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058), signed out: turns off the mail of the events the token names',
        querystring: unsubscribeQuerySchema,
        response: responses(dataEnvelope(unsubscribeAnswerSchema), 400, 429),
      },
      config: UNSUBSCRIBE_RATE_LIMIT,
    },
    async (request) => {
      const events = await unsubscribe(
        app.db,
        options.tokens,
        request.query.token,
        app.clock.now(),
      );
      return answer(text(UNSUBSCRIBE_TEXTS.done), { events });
    },
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'The unsubscribe link opened in a browser: leads to the web page that asks before unsubscribing',
        querystring: unsubscribeQuerySchema,
        response: errorResponses(400, 429),
      },
      config: UNSUBSCRIBE_RATE_LIMIT,
    },
    async (request, reply) =>
      reply.redirect(
        `${app.config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(request.query.token)}`,
      ),
  );
};

export default unsubscribeRoutes;
