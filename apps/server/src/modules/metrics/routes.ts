/**
 * GET /metrics: the app's metrics in the Prometheus text format (docs/ARCHITECTURE.md
 * section 8), for a scraper on this machine without a token, and for one
 * elsewhere only with METRICS_TOKEN as a bearer token. Outside /v1/api and left
 * out of the OpenAPI document: it is for operators' tools, not the API's clients.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { isLoopbackAddress } from '../../lib/loopback.ts';
import { rateLimit } from '../../lib/rate-limit.ts';

export const METRICS_MESSAGES = {
  tokenNeeded: 'Metrics need the METRICS_TOKEN bearer token from outside this machine',
  loopbackOnly:
    'Metrics are served only to this machine: set METRICS_TOKEN to let a scraper elsewhere read them with it as a bearer token',
} as const;

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.METRICS_TOKEN;
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      // A scraper reads every 15 s or so; this leaves room for a few of them and a person.
      config: rateLimit(120, '1 minute'),
    },
    async (request, reply) => {
      // request.ip honours TRUST_PROXY: behind a proxy on this machine that is
      // trusted, an outside client's forwarded address is seen, not the proxy's
      // loopback one, so a forwarded request never passes for a local scraper.
      // (A proxy on this machine that is not trusted makes every request look local.)
      if (!isLoopbackAddress(request.ip)) {
        if (!token) throw forbidden(METRICS_MESSAGES.loopbackOnly);
        const given = bearerOf(request);
        if (given === null || !sameToken(given, token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw unauthorized(METRICS_MESSAGES.tokenNeeded);
        }
      }
      const text = await app.metrics.registry.metrics();
      return reply.type(app.metrics.registry.contentType).send(text);
    },
  );
};

export default metricsRoutes;
