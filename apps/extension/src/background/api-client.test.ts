import { describe, expect, it, vi } from 'vitest';
import { NODE_MESSAGES, userProfileSchema } from '@netpulse/shared';
import { z } from 'zod';
import { API_PATHS, ApiFailure, createApiClient } from './api-client.ts';

const ORIGIN = 'http://127.0.0.1:8181';
const NODE_ID = '6f1c1a52-3f43-4d55-9a0e-2f4b1f7f5d10';
const nameSchema = z.object({ name: z.string() });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });

/** A fake server: answers by path, and records what it was sent. */
function setup(route: (path: string, init: RequestInit, call: number) => Response, token = 'old') {
  const session = {
    accessToken: token as string | undefined,
    refreshToken: 'refresh-1' as string | undefined,
  };
  const calls: { path: string; authorization?: string; credentials?: string; body?: unknown }[] =
    [];
  const clear = vi.fn(async () => {
    session.accessToken = undefined;
    session.refreshToken = undefined;
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.slice(ORIGIN.length);
    const headers = init.headers as Record<string, string>;
    calls.push({
      path,
      authorization: headers.Authorization,
      credentials: init.credentials,
      ...(init.body ? { body: JSON.parse(init.body as string) as unknown } : {}),
    });
    return route(path, init, calls.length);
  });
  const api = createApiClient({
    origin: ORIGIN,
    fetch,
    session: {
      accessToken: async () => session.accessToken,
      refreshCredentials: async () =>
        session.refreshToken ? { nodeId: NODE_ID, refreshToken: session.refreshToken } : undefined,
      set: async (next) => {
        session.accessToken = next.accessToken;
        session.refreshToken = next.refreshToken;
      },
      clear,
    },
  });
  return { api, calls, session, clear };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return (error as ApiFailure).failure;
}

describe('the extension API client', () => {
  it("sends the node's bearer token, no cookies, to the web origin, and checks the answer", async () => {
    const { api, calls } = setup(() => ok({ name: 'ada' }));
    expect(await api.call('GET', '/v1/api/x', nameSchema)).toEqual({ name: 'ada' });
    expect(calls).toEqual([
      { path: '/v1/api/x', authorization: 'Bearer old', credentials: 'omit' },
    ]);
  });

  it('on a 401 refreshes through the node endpoint, keeps the rotated session and replays', async () => {
    const { api, calls, session } = setup((path, _init, call) => {
      if (path === API_PATHS.nodeRefreshToken) {
        return ok({ accessToken: 'new', refreshToken: 'refresh-2' });
      }
      return call === 1 ? json(401, { success: false, message: 'expired' }) : ok({ name: 'ada' });
    });
    expect(await api.call('GET', '/v1/api/x', nameSchema)).toEqual({ name: 'ada' });
    expect(calls).toEqual([
      { path: '/v1/api/x', authorization: 'Bearer old', credentials: 'omit' },
      {
        path: API_PATHS.nodeRefreshToken,
        authorization: undefined,
        credentials: 'omit',
        body: { nodeId: NODE_ID, refreshToken: 'refresh-1' },
      },
      { path: '/v1/api/x', authorization: 'Bearer new', credentials: 'omit' },
    ]);
    // The server rotated the refresh token: the old one is never sent again.
    expect(session).toEqual({ accessToken: 'new', refreshToken: 'refresh-2' });
  });

  it('shares one refresh among calls that fail together, so the rotated token is sent once', async () => {
    const { api, calls } = setup((path, init) => {
      if (path === API_PATHS.nodeRefreshToken) {
        return ok({ accessToken: 'new', refreshToken: 'refresh-2' });
      }
      const authorization = (init.headers as Record<string, string>).Authorization;
      return authorization === 'Bearer new'
        ? ok({ name: 'ada' })
        : json(401, { success: false, message: 'expired' });
    });
    await Promise.all([
      api.call('GET', '/v1/api/a', nameSchema),
      api.call('GET', '/v1/api/b', nameSchema),
      api.call('GET', '/v1/api/c', nameSchema),
    ]);
    expect(calls.filter((call) => call.path === API_PATHS.nodeRefreshToken)).toHaveLength(1);
  });

  it('a refused refresh (the node removed, its session revoked) signs the extension out', async () => {
    const { api, clear, calls } = setup((path) =>
      path === API_PATHS.nodeRefreshToken
        ? json(401, { success: false, message: NODE_MESSAGES.nodeRefreshRefused })
        : json(401, { success: false, message: 'expired' }),
    );
    expect(await failureOf(api.call('GET', API_PATHS.profile, userProfileSchema))).toEqual({
      kind: 'signed-out',
      message: NODE_MESSAGES.nodeRefreshRefused,
    });
    expect(clear).toHaveBeenCalledOnce();
    // Not replayed: the call ends with the refusal.
    expect(calls.map((call) => call.path)).toEqual([API_PATHS.profile, API_PATHS.nodeRefreshToken]);
  });

  it('a refresh the server could not answer keeps the session for a later try', async () => {
    const { api, clear, session } = setup((path) =>
      path === API_PATHS.nodeRefreshToken
        ? json(503, { success: false, message: 'Busy' })
        : json(401, { success: false, message: 'expired' }),
    );
    expect(await failureOf(api.call('GET', '/v1/api/x', nameSchema))).toMatchObject({
      kind: 'http',
      status: 503,
    });
    expect(clear).not.toHaveBeenCalled();
    expect(session.refreshToken).toBe('refresh-1');
  });

  it('callWithToken sends the given token once, without refreshing on a 401', async () => {
    const { api, calls, clear } = setup(() => json(401, { success: false, message: 'expired' }));
    expect(
      await failureOf(api.callWithToken('dashboard', 'POST', API_PATHS.nodes, nameSchema, {})),
    ).toEqual({ kind: 'signed-out', message: 'expired' });
    expect(calls).toEqual([
      { path: API_PATHS.nodes, authorization: 'Bearer dashboard', credentials: 'omit', body: {} },
    ]);
    // The node's own session is not the dashboard's business.
    expect(clear).not.toHaveBeenCalled();
  });

  it('without a token it calls nothing', async () => {
    const { api, calls } = setup(() => ok({}), '');
    expect((await failureOf(api.call('GET', '/v1/api/x', nameSchema))).kind).toBe('signed-out');
    expect(calls).toEqual([]);
  });

  it('offline is a network failure, a refusal keeps the server message and Retry-After', async () => {
    const offline = createApiClient({
      origin: ORIGIN,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      session: {
        accessToken: async () => 't',
        refreshCredentials: async () => undefined,
        set: async () => {},
        clear: async () => {},
      },
    });
    expect((await failureOf(offline.call('GET', '/v1/api/x', nameSchema))).kind).toBe('network');

    const { api } = setup(() =>
      json(429, { success: false, message: 'Slow down' }, { 'retry-after': '30' }),
    );
    expect(await failureOf(api.call('POST', '/v1/api/x', nameSchema))).toEqual({
      kind: 'http',
      status: 429,
      message: 'Slow down',
      retryAfterMs: 30_000,
    });
  });

  it('an answer of the wrong shape is a failure, not a crash later', async () => {
    const { api } = setup(() => ok({ nom: 'ada' }));
    expect(await failureOf(api.call('GET', '/v1/api/x', nameSchema))).toMatchObject({
      kind: 'http',
      status: 502,
    });
  });
});
