/**
 * The one scope of signed-in routes, like fastify/demo's autohooks: every route
 * registered inside it is authenticated and documented as needing the bearer
 * token, so a signed-in route without authentication cannot be written by
 * accident, and a route outside it is public by being outside it
 * (test/route-access.test.ts holds the list of public routes).
 *
 * Authentication runs at preValidation: after the route's rate limit (onRequest),
 * before its input is validated, so a caller without a session learns nothing
 * about the route but that it needs one.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authenticate } from './authenticate.ts';

/** The OpenAPI security requirement of every route in the scope. */
export const BEARER_REQUIREMENT = [{ bearer: [] }];

/** A plugin whose routes, registered by `registerRoutes`, are all signed in. */
export function signedInScope(
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: BEARER_REQUIREMENT };
    });
    scope.addHook('preValidation', authenticate);
    await registerRoutes(scope);
  };
}
