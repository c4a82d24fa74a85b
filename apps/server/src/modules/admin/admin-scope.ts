/**
 * The scope of the console's API (/v1/admin): signed in like every member route
 * (signed-in-scope.ts), and then an admin, re-checked against the database at
 * most AUTH_POLICY.sessionRecheckMs late (admin-roles.ts). A member gets 403.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { forbidden } from '../../lib/http-error.ts';
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

async function requireAdmin(request: FastifyRequest): Promise<void> {
  const { id } = sessionUserOf(request);
  const known = await roleOf(request.server.db, id, request.server.clock.now().getTime());
  if (known?.role !== 'admin') throw forbidden(ADMIN_MESSAGES.forbidden);
  request.admin = { id, username: known.username };
}

/** The admin making the request, in a route of the admin scope. */
export function adminOf(request: FastifyRequest): Actor {
  if (!request.admin) throw new Error('adminOf called outside the admin scope');
  return request.admin;
}

/** A plugin whose routes, registered by `registerRoutes`, are for admins only. */
export function adminScope(
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return signedInScope(async (scope) => {
    // After the signed-in scope's own check, which runs first at the same stage.
    scope.addHook('preValidation', requireAdmin);
    await registerRoutes(scope);
  });
}
