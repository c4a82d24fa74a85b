/**
 * What Fastify logs about each request. One line after the answer instead of
 * two (one when it comes, one when it is answered); health checks, which a
 * balancer sends every few seconds, and the web app's files and pages at debug
 * only, so the default level shows what the API did (issue 14).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Paths whose requests are the API's; everything else is a file or a page of the web app. */
const API_PREFIXES = ['/v1/', '/ndt/', '/downloads/'];
const HEALTH_PATH = '/v1/health';

function isRoutine(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === HEALTH_PATH || !API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[isRoutine(request.url) ? 'debug' : 'info'](line, 'request completed');
  }
}
