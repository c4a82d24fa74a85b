/**
 * GET /v1/api/bench/baseline: a constant answer, the yardstick of `npm run bench`
 * (bench/api). It goes through the same Fastify instance, hooks and serializer as
 * every route, minus authentication and the database, so a hot read's req/s can be
 * given as a share of what this server does at all on this machine. Registered only
 * when BENCH_BASELINE_ROUTE=true (the benchmark sets it), and hidden from OpenAPI.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@netpulse/shared';
import { z } from 'zod';
import { okAnswer, responses } from '../lib/replies.ts';

const BASELINE = okAnswer({ ok: true });

const benchBaseline: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bench/baseline',
    {
      schema: { hide: true, response: responses(dataEnvelope(z.object({ ok: z.boolean() }))) },
    },
    async () => BASELINE,
  );
};

export default benchBaseline;
