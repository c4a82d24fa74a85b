/**
 * Who a signed-in request is for. The signed-in scope (modules/auth/signed-in-scope.ts)
 * sets it before any handler of its routes runs; the handlers read it here, so a
 * feature needs nothing from the auth module to know its user.
 */
import type { Locale } from '@netpulse/i18n';
import type { FastifyRequest } from 'fastify';

/**
 * What a session may do (docs/decisions/026): a `web` session (a login) what the
 * account can; a `node` session (an extension node's own) only the routes that
 * declare `nodeSession: true` in their config: its tests, its heartbeat, what its
 * popup shows.
 */
export const SESSION_KINDS = ['web', 'node'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export interface SessionUser {
  id: number;
  /** The refresh family the access token belongs to. */
  sessionId: string;
  /** The family's kind, as the database holds it. */
  kind: SessionKind;
  /** The account's language, read with the session (the server answers in it). */
  locale: Locale;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the signed-in scope; read it with `sessionUserOf(request)`. */
    user?: SessionUser;
  }
}

/**
 * The signed-in user of a route in the signed-in scope. Outside it there is none:
 * that is a route registered in the wrong place, a bug to fail loudly on (500 and
 * an error in the log), not a 401 that would hide it.
 */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.user) {
    throw new Error(
      `${request.routeOptions.url} reads the session user outside the signed-in scope`,
    );
  }
  return request.user;
}
