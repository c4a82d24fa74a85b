/**
 * The one scope of signed-in routes, like fastify/demo's autohooks: every route
 * registered inside it is authenticated and documented as needing the bearer
 * token, so a signed-in route without authentication cannot be written by
 * accident, and a route outside it is public by being outside it
 * (test/route-access.test.ts holds the list of public routes).
 *
 * Authentication runs at preValidation: after the route's rate limit (onRequest),
 * before its input is validated, so a caller without a session learns nothing
 * about the route but that it needs one. Then an extension node's own session
 * is let through only where the route says so (`config: { nodeSession: true }`,
 * docs/decisions/026): a route is the web session's alone unless it declares it.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { messageEnvelopeSchema, SERVER_MESSAGES } from '@netpulse/shared';
import { forbidden } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { authenticate } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An extension node's own session may call this route too: its tests, its
     * heartbeat, what its popup shows. Unset, only a web session may.
     */
    nodeSession?: boolean;
  }
}

/** The OpenAPI security requirement of every route in the scope. */
export const BEARER_REQUIREMENT = [{ bearer: [] }];

/**
 * The scope's one hook on every signed-in request (the hot path: one hook, not
 * two): authenticates, then refuses (403) a node's session on a route that does
 * not declare it may be called with one.
 */
async function authenticateForRoute(request: FastifyRequest): Promise<void> {
  await authenticate(request);
  if (sessionUserOf(request).kind === 'node' && request.routeOptions.config.nodeSession !== true) {
    throw forbidden(SERVER_MESSAGES.nodeSessionForbidden);
  }
}

/** A plugin whose routes, registered by `registerRoutes`, are all signed in. */
export function signedInScope(
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      // A route a node's session may not call documents that 403 beside its own answers.
      const documented =
        response && route.config?.nodeSession !== true
          ? { response: { 403: messageEnvelopeSchema, ...response } }
          : {};
      route.schema = { ...route.schema, security: BEARER_REQUIREMENT, ...documented };
    });
    scope.addHook('preValidation', authenticateForRoute);
    await registerRoutes(scope);
  };
}
