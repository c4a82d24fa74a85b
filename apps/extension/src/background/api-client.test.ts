import { describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES, userProfileSchema } from '@netpulse/shared';
import { z } from 'zod';
import { API_PATHS, ApiFailure, createApiClient } from './api-client.ts';

const ORIGIN = 'http://127.0.0.1:8181';
const nameSchema = z.object({ name: z.string() });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });

/** A fake server: answers by path, and records what it was sent. */
function setup(route: (path: string, init: RequestInit, call: number) => Response, token = 'old') {
  const tokens = { value: token as string | undefined };
  const calls: { path: string; authorization?: string; credentials?: string }[] = [];
  const clear = vi.fn(async () => {
    tokens.value = undefined;
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.slice(ORIGIN.length);
    const headers = init.headers as Record<string, string>;
    calls.push({ path, authorization: headers.Authorization, credentials: init.credentials });
    return route(path, init, calls.length);
  });
  const api = createApiClient({
    origin: ORIGIN,
    fetch,
    tokens: {
      get: async () => tokens.value,
      set: async (next) => {
        tokens.value = next;
      },
      clear,
    },
  });
  return { api, calls, tokens, clear };
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
  it('sends the bearer token and cookies to the web origin, and checks the answer', async () => {
    const { api, calls } = setup(() => ok({ name: 'ada' }));
    expect(await api.call('GET', '/v1/api/x', nameSchema)).toEqual({ name: 'ada' });
    expect(calls).toEqual([
      { path: '/v1/api/x', authorization: 'Bearer old', credentials: 'include' },
    ]);
  });

  it('on a 401 refreshes as the web app does, stores the new token and replays', async () => {
    const { api, calls, tokens } = setup((path, _init, call) => {
      if (path === API_PATHS.refreshToken) return ok({ accessToken: 'new' });
      return call === 1 ? json(401, { success: false, message: 'expired' }) : ok({ name: 'ada' });
    });
    expect(await api.call('GET', '/v1/api/x', nameSchema)).toEqual({ name: 'ada' });
    expect(calls).toEqual([
      { path: '/v1/api/x', authorization: 'Bearer old', credentials: 'include' },
      { path: API_PATHS.refreshToken, authorization: undefined, credentials: 'include' },
      { path: '/v1/api/x', authorization: 'Bearer new', credentials: 'include' },
    ]);
    expect(tokens.value).toBe('new');
  });

  it('shares one refresh among calls that fail together', async () => {
    const { api, calls } = setup((path, init) => {
      if (path === API_PATHS.refreshToken) return ok({ accessToken: 'new' });
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
    expect(calls.filter((call) => call.path === API_PATHS.refreshToken)).toHaveLength(1);
  });

  it('a refused refresh signs the extension out', async () => {
    const { api, clear } = setup((path) =>
      path === API_PATHS.refreshToken
        ? json(401, { success: false, message: SERVER_MESSAGES.refreshInvalid })
        : json(401, { success: false, message: 'expired' }),
    );
    expect(await failureOf(api.call('GET', API_PATHS.profile, userProfileSchema))).toEqual({
      kind: 'signed-out',
      message: SERVER_MESSAGES.refreshInvalid,
    });
    expect(clear).toHaveBeenCalledOnce();
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
      tokens: { get: async () => 't', set: async () => {}, clear: async () => {} },
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
