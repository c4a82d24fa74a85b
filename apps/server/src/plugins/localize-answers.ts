/**
 * Every envelope in the language of its request (docs/ARCHITECTURE.md sections 4 and 13):
 * routes and the error handler write English (`answer`, `HttpError`), and this hook says it
 * in the signed-in account's language, else the one the request asks for
 * (lib/request-locale.ts), just before the envelope is serialized. English costs nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '@netpulse/i18n';
import { localizeEnvelope } from '../lib/replies.ts';
import { answerLocale } from '../lib/request-locale.ts';

export default fp(
  async function localizeAnswers(app: FastifyInstance) {
    // A callback hook, not an async one: the answer is written in the tick `reply.send` is
    // called, before any work the route starts after it (lib/after-answer.ts) can delay it.
    app.addHook('preSerialization', (request, _reply, payload, done) => {
      const locale = answerLocale(request);
      done(null, locale === DEFAULT_LOCALE ? payload : localizeEnvelope(payload, locale));
    });
  },
  { name: 'localize-answers' },
);
