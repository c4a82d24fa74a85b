/**
 * The explorer's public API (issue 31, docs/decisions/042), signed out: the figures of a
 * period as its last rebuild wrote them. Each answer carries an ETag made of what it shows
 * and when the period was built, so a client that has it gets a 304; a period never built
 * answers 200 with no rows (`built_at: null`), as it would before the first daily job.
 * Answers are kept whole for a short while (answer-cache.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  explorerCellsEnvelopeSchema,
  explorerCellsQuerySchema,
  explorerCountriesEnvelopeSchema,
  explorerPeriodQuerySchema,
  explorerSummaryEnvelopeSchema,
} from '@netpulse/shared';
import { rateLimit } from '../../lib/rate-limit.ts';
import { localizeEnvelope, okAnswer, responses } from '../../lib/replies.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { sendCompressed } from '../../lib/compressed-body.ts';
import { isNotModified } from '../../lib/entity-tag.ts';
import { bodyOf, keptAnswer, type KeptAnswer } from './answer-cache.ts';
import { cellOf, countryOf, figuresOf } from './explorer-answers.ts';
import { cellRowsOf, countryRowsOf, periodRowOf } from './explorer-repository.ts';

/** The figures change once a day: a browser or a proxy may keep them five minutes. */
const CACHE_CONTROL = 'public, max-age=300';
const EXPLORER_RATE_LIMIT = rateLimit(120, '1 minute');
/** The answer to a current ETag: no body (Fastify sends none with a 304). */
const NOT_MODIFIED = {
  304: z.null().describe('Not modified: the If-None-Match ETag is the current one'),
};

/**
 * Sets the answer's caching headers and answers whether the client's copy is current. The
 * ETag is weak: the envelope's message is said in the request's language, and the body is
 * compressed for a client that takes it (hence Vary).
 */
function isFresh(request: FastifyRequest, reply: FastifyReply, parts: (string | number)[]) {
  const etag = `W/"explorer-${parts.join('-')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', CACHE_CONTROL);
  reply.header('vary', 'Accept-Language, Accept-Encoding');
  return isNotModified(request.headers['if-none-match'], etag);
}

const builtAtText = (builtAt: Date | undefined) => builtAt?.toISOString() ?? null;
const versionOf = (builtAt: Date | undefined) => builtAt?.getTime() ?? 'never';

/**
 * A kept answer in the envelope, its message in the request's language. Sent as the kept
 * bytes, so nothing is serialized or encoded again: the data was, from the same shapes,
 * when it was kept.
 */
async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer) {
  const { message } = localizeEnvelope(okAnswer(null), answerLocale(request));
  void reply.type('application/json; charset=utf-8');
  return sendCompressed(request, reply, bodyOf(kept, message));
}

const explorerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      schema: {
        tags: ['explorer'],
        summary: "A period's figures for the whole network (no sign-in)",
        querystring: explorerPeriodQuerySchema,
        response: { ...responses(explorerSummaryEnvelopeSchema, 400, 429), ...NOT_MODIFIED },
      },
      config: EXPLORER_RATE_LIMIT,
    },
    async (request, reply) => {
      const { period } = request.query;
      const kept = await keptAnswer(
        app.db,
        `summary:${period}`,
        app.clock.now().getTime(),
        async () => {
          const built = await periodRowOf(app.db, period);
          return {
            version: versionOf(built?.builtAt),
            data: {
              period,
              built_at: builtAtText(built?.builtAt),
              min_accounts: app.config.EXPLORER_MIN_ACCOUNTS,
              network: built ? figuresOf(built) : null,
            },
          };
        },
      );
      if (isFresh(request, reply, ['summary', period, kept.version])) {
        return reply.code(304).send(null);
      }
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/cells',
    {
      schema: {
        tags: ['explorer'],
        summary: "A period's published H3 cells at one resolution, 3 to 7 (no sign-in)",
        querystring: explorerCellsQuerySchema,
        response: { ...responses(explorerCellsEnvelopeSchema, 400, 429), ...NOT_MODIFIED },
      },
      config: EXPLORER_RATE_LIMIT,
    },
    async (request, reply) => {
      const { period, resolution } = request.query;
      const key = `cells:${period}:${resolution}`;
      const kept = await keptAnswer(app.db, key, app.clock.now().getTime(), async () => {
        const built = await periodRowOf(app.db, period);
        const rows = built ? await cellRowsOf(app.db, period, resolution) : [];
        return {
          version: versionOf(built?.builtAt),
          data: {
            period,
            resolution,
            built_at: builtAtText(built?.builtAt),
            rows: rows.map(cellOf),
          },
        };
      });
      if (isFresh(request, reply, ['cells', period, resolution, kept.version])) {
        return reply.code(304).send(null);
      }
      return sendKept(request, reply, kept);
    },
  );

  app.get(
    '/countries',
    {
      schema: {
        tags: ['explorer'],
        summary: "A period's published countries (no sign-in)",
        querystring: explorerPeriodQuerySchema,
        response: { ...responses(explorerCountriesEnvelopeSchema, 400, 429), ...NOT_MODIFIED },
      },
      config: EXPLORER_RATE_LIMIT,
    },
    async (request, reply) => {
      const { period } = request.query;
      const key = `countries:${period}`;
      const kept = await keptAnswer(app.db, key, app.clock.now().getTime(), async () => {
        const built = await periodRowOf(app.db, period);
        const rows = built ? await countryRowsOf(app.db, period) : [];
        return {
          version: versionOf(built?.builtAt),
          data: { period, built_at: builtAtText(built?.builtAt), rows: rows.map(countryOf) },
        };
      });
      if (isFresh(request, reply, ['countries', period, kept.version])) {
        return reply.code(304).send(null);
      }
      return sendKept(request, reply, kept);
    },
  );
};

export default explorerRoutes;
