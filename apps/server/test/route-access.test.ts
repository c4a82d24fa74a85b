/**
 * Every route is in the scope it should be: the routes below are public, and
 * every other route the app serves is in the signed-in scope, so it answers 401
 * to a caller without a live session before it reads any input. A new route is
 * signed in unless it is added here on purpose. Of the signed-in routes, an
 * extension node's own session calls only the few below; a new route is the web
 * session's unless it is added there on purpose (docs/decisions/026).
 */
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { AUTH_POLICY } from '../src/modules/auth/auth-policy.ts';
import { refresh, signedInPerson } from './helpers/auth-flow.ts';
import { signedInAdmin } from './helpers/admins.ts';
import { heartbeat, refreshNode, signedInNode } from './helpers/nodes.ts';
import { measuredSpeedtest } from './helpers/points.ts';
import { accessTokenWithoutKind } from './helpers/session-tokens.ts';
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
  // A login's second step: the challenge its password step answered names the sign-in (issue 29).
  'POST /v1/api/auth/login/two-factor',
  'POST /v1/api/auth/logout',
  'POST /v1/api/auth/refresh-token',
  'POST /v1/api/auth/reset-password',
  'POST /v1/api/auth/forgot-password',
  // A new verification mail, asked by address; the same answer for every address (decision 033).
  'POST /v1/api/auth/resend-verification',
  // An email change's links (issue 29): opened from a mail, maybe in another browser; the
  // mailed token is the proof, as a verification link's is.
  'POST /v1/api/account/email/confirm',
  'POST /v1/api/account/email/undo',
  // A notice mail's one-click unsubscribe (RFC 8058, issue 30): a mail client POSTs it with
  // no session; its signed token names the account. Its GET only leads to the web page.
  'POST /v1/api/notifications/unsubscribe',
  'GET /v1/api/notifications/unsubscribe',
  // Signing in with a passkey (issue 29): the passkey names the account, and its signature
  // over the one-time challenge of the options is the proof; the answer is the login's.
  'POST /v1/api/auth/passkey/options',
  'POST /v1/api/auth/passkey',
  // Platform logins are browser navigations: a one-time state names the session.
  'GET /v1/api/auth/twitter/login',
  'GET /v1/api/auth/twitter/callback',
  'GET /v1/api/auth/discord/login',
  'GET /v1/api/auth/discord/callback',
  'GET /v1/api/auth/youtube/login',
  'GET /v1/api/auth/youtube/callback',
  // An extension node's refresh: the refresh token it keeps, in the body, names the session.
  'POST /v1/api/nodes/refresh-token',
  // The explorer's published figures (issue 31, decision 042): counts and quartiles of places
  // enough accounts tested in, never an account, a node, an address or a test's own cell.
  'GET /v1/explorer/summary',
  'GET /v1/explorer/cells',
  'GET /v1/explorer/countries',
  // Its open data: the same published figures as files, under OPEN_DATA_LICENSE.
  'GET /v1/open-data',
  'GET /v1/open-data/:period/:file',
  // ndt7 takes the one-time ticket the signed-in POST /v1/api/speedtests handed out.
  'GET /ndt/v7/download',
  'GET /ndt/v7/upload',
]);

/**
 * The signed-in routes an extension node's own session may call: exactly those
 * apps/extension calls with it (background/api-client.ts API_PATHS): opening and
 * completing its tests, its heartbeat (which answers its own node), the
 * notices it shows as browser notifications, and the profile and daily quota
 * its popup shows. Registering the node is done with
 * the dashboard's web session, and its refresh is public.
 */
const NODE_SESSION_ROUTES = new Set([
  'POST /v1/api/speedtests',
  'POST /v1/api/points',
  'POST /v1/api/nodes/heartbeat',
  'GET /v1/api/nodes/self/notices',
  'GET /v1/api/speedtests/quota',
  'GET /v1/api/auth/profile',
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

  it("lets an extension node's session call its own routes and refuses every other signed-in route with 403", async () => {
    // An admin's node: the console's routes refuse it for being a node's, not for the role.
    const person = await signedInAdmin(t);
    const node = await signedInNode(t, person);
    const asNode = { ...person, accessToken: node.accessToken };
    // What the extension sends to the routes it calls (the others get an invalid body: refused first).
    const allowedPayloads: Record<string, object> = {
      'POST /v1/api/nodes/heartbeat': { nextTestAt: null },
      'POST /v1/api/points': { testId: await measuredSpeedtest(t, asNode) },
    };
    // The walk opens a test of its own: past the least time between two.
    t.clock.advance(t.config.SPEEDTEST_MIN_INTERVAL_S * 1000);
    const signedIn = routes().filter((route) => !PUBLIC_ROUTES.has(route.name));
    expect(signedIn.filter((route) => NODE_SESSION_ROUTES.has(route.name))).toHaveLength(
      NODE_SESSION_ROUTES.size,
    );
    const answers = [];
    for (const route of signedIn) {
      const allowed = NODE_SESSION_ROUTES.has(route.name);
      const payload = allowed ? allowedPayloads[route.name] : { unexpected: true };
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${node.accessToken}` },
        ...(route.method === 'GET' || !payload ? {} : { payload }),
      });
      // An export answers CSV when it lets the caller through.
      const json = String(response.headers['content-type']).startsWith('application/json');
      const message = json ? (response.json() as { message: string }).message : response.body;
      answers.push({ route: route.name, status: response.statusCode, message });
    }
    // All at once, so a failure lists every route that answered otherwise.
    expect(answers).toEqual(
      signedIn.map((route) =>
        NODE_SESSION_ROUTES.has(route.name)
          ? { route: route.name, status: 200, message: expect.any(String) }
          : { route: route.name, status: 403, message: SERVER_MESSAGES.nodeSessionForbidden },
      ),
    );
  });

  it("refuses a node's access token from before session kinds on a web route, by its session's kind", async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const claims = decodeJwt(node.accessToken);
    const withoutKind = await accessTokenWithoutKind(t, {
      userId: Number(claims.sub),
      sessionId: String(claims.sid),
    });
    const bearer = { authorization: `Bearer ${withoutKind}` };
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/api/daily-claim',
      headers: bearer,
    });
    expect(claim.statusCode).toBe(403);
    expect(claim.json().message).toBe(SERVER_MESSAGES.nodeSessionForbidden);
    // It keeps what a node's session may do until it expires.
    const beat = await t.app.inject({
      method: 'POST',
      url: '/v1/api/nodes/heartbeat',
      headers: bearer,
      payload: { nextTestAt: null },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    // A kind claim its session does not have was not signed for this session: 401.
    const claimingWeb = await new SignJWT({ ...claims, knd: 'web' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(t.app.authSecret);
    const asWeb = await t.app.inject({
      method: 'POST',
      url: '/v1/api/daily-claim',
      headers: { authorization: `Bearer ${claimingWeb}` },
    });
    expect(asWeb.statusCode).toBe(401);
  });

  it("refuses a node's refresh token as the web cookie, without rotating or revoking it", async () => {
    const person = await signedInPerson(t);
    const node = await signedInNode(t, person);
    const asCookie = await refresh(t, node.refreshToken);
    expect(asCookie.statusCode).toBe(401);
    expect(asCookie.json()).toEqual({ success: false, message: SERVER_MESSAGES.refreshInvalid });
    // Not rotated: the node's own refresh takes the same token as new.
    const rotated = await refreshNode(t, node);
    expect(rotated.statusCode, rotated.body).toBe(200);
    // A spent node token replayed as the cookie later does not revoke the node's session.
    t.clock.advance(AUTH_POLICY.refreshReuseGraceMs + 1_000);
    expect((await refresh(t, node.refreshToken)).statusCode).toBe(401);
    const next = { nodeId: node.nodeId, refreshToken: rotated.json().data.refreshToken };
    const latest = await refreshNode(t, next);
    expect(latest.statusCode, latest.body).toBe(200);
    // Nor does a logout with it as the cookie end the node's session.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/logout',
      cookies: { refresh_token: latest.json().data.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    const beat = await heartbeat(t, { accessToken: latest.json().data.accessToken });
    expect(beat.statusCode, beat.body).toBe(200);
    // And the web session's cookie token is no node's refresh token.
    const webToken = { nodeId: node.nodeId, refreshToken: person.refreshToken };
    expect((await refreshNode(t, webToken)).statusCode).toBe(401);
    expect((await refresh(t, person.refreshToken)).statusCode).toBe(200);
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
