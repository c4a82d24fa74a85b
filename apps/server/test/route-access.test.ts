/**
 * Every route is in the scope it should be: the routes below are public, and
 * every other route the app serves is in the signed-in scope, so it answers 401
 * to a caller without a live session before it reads any input. A new route is
 * signed in unless it is added here on purpose.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { useTestApp } from './helpers/test-app.ts';
import { routesOf } from './reliability/route-catalog.ts';

const PUBLIC_ROUTES = new Set([
  // The API's documents, the download, health, the loopback admin relay (its own secret).
  'GET /docs',
  'GET /docs/',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
  'GET /docs/*',
  'GET /docs/json',
  'GET /docs/yaml',
  'GET /downloads/extension.zip',
  'GET /v1/health',
  'POST /v1/admin/commands',
  // Prometheus metrics: loopback, or the METRICS_TOKEN bearer token (not a session's).
  'GET /metrics',
  // What the pages read before anyone signs in.
  'GET /v1/api/config',
  'GET /v1/api/captcha/challenge',
  // Signing up, in and out: the refresh cookie, not a bearer token, names the session.
  'POST /v1/api/auth/signup',
  'GET /v1/api/auth/verify-email/:token',
  'POST /v1/api/auth/login',
  'POST /v1/api/auth/logout',
  'POST /v1/api/auth/refresh-token',
  'POST /v1/api/auth/reset-password',
  'POST /v1/api/auth/forgot-password',
  // Platform logins are browser navigations: a one-time state names the session.
  'GET /v1/api/auth/twitter/login',
  'GET /v1/api/auth/twitter/callback',
  'GET /v1/api/auth/discord/login',
  'GET /v1/api/auth/discord/callback',
  'GET /v1/api/auth/youtube/login',
  'GET /v1/api/auth/youtube/callback',
  // An extension node's refresh: the refresh token it keeps, in the body, names the session.
  'POST /v1/api/nodes/refresh-token',
  // ndt7 takes the one-time ticket the signed-in POST /v1/api/speedtests handed out.
  'GET /ndt/v7/download',
  'GET /ndt/v7/upload',
]);

const FORGED_TOKEN = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged';

describe('route access', () => {
  const t = useTestApp();
  const routes = () =>
    routesOf(t.app).map((route) => ({ ...route, name: `${route.method} ${route.url}` }));
  const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace('*', 'x');

  it('lists only routes that exist', () => {
    const served = new Set(routes().map((route) => route.name));
    expect([...PUBLIC_ROUTES].filter((name) => !served.has(name))).toEqual([]);
  });

  it('answers 401 on every other route to a caller without a session, or with a forged one', async () => {
    const signedIn = routes().filter((route) => !PUBLIC_ROUTES.has(route.name));
    expect(signedIn.length).toBeGreaterThan(40);
    for (const route of signedIn) {
      for (const authorization of [undefined, FORGED_TOKEN]) {
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          // An invalid body: the scope refuses the caller before it reads any input.
          ...(route.method === 'GET' ? {} : { payload: { unexpected: true } }),
        });
        expect({ route: route.name, status: response.statusCode, body: response.json() }).toEqual({
          route: route.name,
          status: 401,
          body: { success: false, message: SERVER_MESSAGES.unauthorized },
        });
      }
    }
  });

  it('never asks for a session on a public route', async () => {
    for (const route of routes().filter((route) => PUBLIC_ROUTES.has(route.name))) {
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: concrete(route.url),
        headers: { authorization: FORGED_TOKEN },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const refusedAsUnsigned =
        response.statusCode === 401 &&
        response.body.includes(JSON.stringify(SERVER_MESSAGES.unauthorized));
      expect({ route: route.name, refusedAsUnsigned }).toEqual({
        route: route.name,
        refusedAsUnsigned: false,
      });
    }
  });

  it('documents the bearer requirement exactly on the signed-in routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        security: operation.security,
      })),
    );
    expect(documented.length).toBeGreaterThan(40);
    for (const { name, security } of documented) {
      expect({ name, security }).toEqual({
        name,
        security: PUBLIC_ROUTES.has(name) ? undefined : [{ bearer: [] }],
      });
    }
  });
});
