/**
 * The scope of the console's API (/v1/admin): signed in like every member route
 * (signed-in-scope.ts), and then an admin, re-checked against the database at
 * most AUTH_POLICY.sessionRecheckMs late (admin-roles.ts). A member gets 403. With
 * ADMIN_REQUIRE_2FA (issue 29), an admin without a second factor gets 403 too, flagged
 * `twoFactorSetupRequired` so the console can send them to add one; the CLI's relay
 * (modules/cli-relay) is not in this scope and is not asked.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { consoleRefusalEnvelopeSchema, TWO_FACTOR_MESSAGES } from '@netpulse/shared';
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import type { Queryable } from '../../db/client.ts';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { roleOf } from './admin-roles.ts';
import type { Actor } from './audit-log-repository.ts';
import { signedInScope } from '../auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin making a console request; set by the admin scope. */
    admin?: Actor;
  }
}

export interface AdminScopeOptions {
  /**
   * Whether an account has a second factor, asked of every admin's request when
   * ADMIN_REQUIRE_2FA is on (the two-factor module's, given in app.ts); null: not asked.
   */
  hasSecondFactor: ((db: Queryable, userId: number) => Promise<boolean>) | null;
}

const secondFactorMissing = () =>
  new HttpError(403, TWO_FACTOR_MESSAGES.consoleNeedsSecondFactor, undefined, {
    twoFactorSetupRequired: true,
  });

function requireAdmin(options: AdminScopeOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const { id } = sessionUserOf(request);
    const { db, clock } = request.server;
    const known = await roleOf(db, id, clock.now().getTime());
    if (known?.role !== 'admin') throw forbidden(ADMIN_MESSAGES.forbidden);
    // Asked each time, not remembered: the console opens the moment a factor is added.
    if (options.hasSecondFactor && !(await options.hasSecondFactor(db, id))) {
      throw secondFactorMissing();
    }
    request.admin = { id, username: known.username };
  };
}

/** The admin making the request, in a route of the admin scope. */
export function adminOf(request: FastifyRequest): Actor {
  if (!request.admin) throw new Error('adminOf called outside the admin scope');
  return request.admin;
}

/** A plugin whose routes, registered by `registerRoutes`, are for admins only. */
export function adminScope(
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
  options: AdminScopeOptions,
): FastifyPluginAsync {
  return signedInScope(async (scope) => {
    // After the signed-in scope's own, so each route's 403 documents the flag it may carry.
    scope.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (response) {
        route.schema = {
          ...route.schema,
          response: { ...response, 403: consoleRefusalEnvelopeSchema },
        };
      }
    });
    // After the signed-in scope's own check, which runs first at the same stage.
    scope.addHook('preValidation', requireAdmin(options));
    await registerRoutes(scope);
  });
}
