import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import type { Config } from '../../env.ts';
import { forbidden } from '../../lib/http-error.ts';

/** The origins that may call the cookie-authenticated routes: the app itself and our extension. */
export function allowedOrigins(config: Config): Set<string> {
  const origins = new Set([new URL(config.PUBLIC_URL).origin]);
  if (config.EXTENSION_ID) origins.add(`chrome-extension://${config.EXTENSION_ID}`);
  return origins;
}

/**
 * preHandler for refresh and logout, which act on the cookie alone: a request
 * from another site's page (its Origin names that site) is refused, so no page
 * elsewhere can use the visitor's cookie. Requests without Origin (same-origin
 * GETs, non-browser clients) pass: they carry no foreign page's intent.
 */
export async function rejectForeignOrigin(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!allowedOrigins(request.server.config).has(origin))
    throw forbidden(SERVER_MESSAGES.forbiddenOrigin);
}
