/**
 * One log line per request, after its answer, in place of Fastify's two (one
 * when it comes, one when it is answered). Health checks, which a balancer sends
 * every few seconds, and the web app's files and pages are logged at debug only,
 * so the default level shows what the API did (issue 14).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths whose requests are the API's; everything else is a file or a page of the web app. */
const API_PREFIXES = ['/v1/', '/ndt/', '/downloads/'];
const HEALTH_PATH = '/v1/health';

function isRoutine(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === HEALTH_PATH || !API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const level = isRoutine(request.url) ? 'debug' : 'info';
      request.log[level](
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
