import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function bearerOf(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

/** A client over a fake fetch and an in-memory token; `calls` records every request. */
function setup(handler: Handler, initialToken: string | null = 'old') {
  let token = initialToken;
  const calls: { url: string; init: RequestInit }[] = [];
  const deps: ApiClientDeps = {
    fetch: async (url, init) => {
      calls.push({ url, init });
      return handler(url, init);
    },
    tokens: {
      getToken: () => token,
      setToken: (next) => {
        token = next;
      },
      clearToken: () => {
        token = null;
      },
    },
    onSessionExpired: vi.fn(),
  };
  return { client: createApiClient(deps), calls, deps, token: () => token };
}

/** Resolves a refresh only when the test says so, to hold requests mid-refresh. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('api client', () => {
  it('sends cookies, the bearer token and JSON, and returns the envelope', async () => {
    const { client, calls } = setup(() => json(200, { success: true, message: 'ok', data: 1 }));
    const envelope = await client.post<number>('/api/thing', { a: 1 }, { query: { page: 2 } });

    expect(envelope.data).toBe(1);
    const call = calls[0]!;
    expect(call.url).toBe('/v1/api/thing?page=2');
    expect(call.init.credentials).toBe('include');
    expect(bearerOf(call.init)).toBe('Bearer old');
    expect(call.init.body).toBe('{"a":1}');
  });

  it('throws an ApiError carrying status and envelope when success is false', async () => {
    const answer = { success: false, message: 'Nope', errors: { email: ['Bad'] } };
    const { client } = setup(() => json(200, answer));
    const error = await client.get('/api/thing').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).envelope).toEqual(answer);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Bad'] });
  });

  it('throws an ApiError without envelope for a non-JSON failure', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client.get('/api/thing').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.envelope).toBeNull();
  });

  it('lets a network failure through as it is', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/api/thing')).rejects.toThrow(TypeError);
  });

  it('two concurrent 401s share exactly one refresh and both replay with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, calls, token } = setup((url, init) => {
      if (url.endsWith('/api/auth/refresh-token')) return refreshAnswer.promise;
      if (bearerOf(init) === 'Bearer new')
        return json(200, { success: true, message: 'ok', data: url });
      return json(401, { success: false, message: 'Authentication required' });
    });

    const first = client.get<string>('/api/a');
    const second = client.get<string>('/api/b');
    // Let both requests receive their 401 before the refresh answers.
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    refreshAnswer.resolve(
      json(200, { success: true, message: 'ok', data: { accessToken: 'new' } }),
    );

    expect((await first).data).toBe('/v1/api/a');
    expect((await second).data).toBe('/v1/api/b');
    expect(calls.filter((c) => c.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => bearerOf(c.init) === 'Bearer new').map((c) => c.url)).toEqual(
      expect.arrayContaining(['/v1/api/a', '/v1/api/b']),
    );
    expect(token()).toBe('new');
  });

  it('refreshes once per request: a second 401 after the replay is final', async () => {
    const { client, calls, deps } = setup((url) =>
      url.endsWith('/refresh-token')
        ? json(200, { success: true, message: 'ok', data: { accessToken: 'new' } })
        : json(401, { success: false, message: 'Authentication required' }),
    );
    const error = (await client.get('/api/a').catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/api/a',
      '/v1/api/auth/refresh-token',
      '/v1/api/a',
    ]);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('a failed refresh removes the token and sends the user to login once', async () => {
    const { client, deps, token } = setup((url) =>
      url.endsWith('/refresh-token')
        ? json(401, { success: false, message: 'Your session has expired. Please log in again.' })
        : json(401, { success: false, message: 'Authentication required' }),
    );
    const results = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiError;
      expect(error.status).toBe(401);
      expect(error.sessionExpired).toBe(true);
    }
    expect(token()).toBeNull();
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("a banned account's refresh signs out once and says why, with the operator's words", async () => {
    const { deps, token } = setup((url) =>
      url.endsWith('/refresh-token')
        ? json(403, {
            success: false,
            message: 'This account was banned.',
            data: { banned: true, reason: 'Several accounts on one machine' },
          })
        : json(401, { success: false, message: 'Authentication required' }),
    );
    const onBanned = vi.fn();
    deps.onBanned = onBanned;
    const banned = createApiClient(deps);
    const results = await Promise.allSettled([banned.get('/api/a'), banned.get('/api/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(token()).toBeNull();
    expect(onBanned).toHaveBeenCalledTimes(1);
    expect(onBanned).toHaveBeenCalledWith('Several accounts on one machine');
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 403 refresh that is not a ban ends the session as any failed refresh does', async () => {
    const { deps } = setup((url) =>
      url.endsWith('/refresh-token')
        ? json(403, { success: false, message: 'Request origin not allowed' })
        : json(401, { success: false, message: 'Authentication required' }),
    );
    const onBanned = vi.fn();
    deps.onBanned = onBanned;
    await expect(createApiClient(deps).get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(onBanned).not.toHaveBeenCalled();
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a refresh that cannot reach the server also ends the session', async () => {
    const { client, deps, token } = setup((url) =>
      url.endsWith('/refresh-token')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : json(401, { success: false, message: 'Authentication required' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(token()).toBeNull();
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('replays with a token refreshed meanwhile by another request, without refreshing again', async () => {
    const env = setup((url, init) => {
      if (bearerOf(init) === 'Bearer fresh')
        return json(200, { success: true, message: 'ok', data: url });
      // While this request was on the wire, another one refreshed the token.
      env.deps.tokens.setToken('fresh');
      return json(401, { success: false, message: 'Authentication required' });
    });

    expect((await env.client.get<string>('/api/a')).data).toBe('/v1/api/a');
    expect(env.calls.some((c) => c.url.endsWith('/refresh-token'))).toBe(false);
  });

  it.each([
    '/api/auth/login',
    '/api/auth/signup',
    '/api/auth/refresh-token',
    '/api/auth/logout',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/auth/verify-email/abc',
  ])('does not refresh for %s', async (path) => {
    const { client, calls, deps } = setup(() =>
      json(401, { success: false, message: 'Invalid email/username or password' }),
    );
    await expect(client.post(path, {})).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  describe('download', () => {
    const csv = (body: string, fileName: string) =>
      new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      });

    it('sends the bearer token and the query, and answers the body and the file name', async () => {
      const { client, calls } = setup(() => csv('a,b\r\n1,2\r\n', 'Netpulse-x.csv'));
      const file = await client.download('/api/transactions/export', {
        query: { season: 'Kilo', startDate: '' },
      });
      expect(await file.blob.text()).toBe('a,b\r\n1,2\r\n');
      expect(file.fileName).toBe('Netpulse-x.csv');
      expect(calls[0]!.url).toBe('/v1/api/transactions/export?season=Kilo&startDate=');
      expect(bearerOf(calls[0]!.init)).toBe('Bearer old');
    });

    it('refreshes an expired token once and downloads again', async () => {
      const { client, calls } = setup((url, init) => {
        if (url.endsWith('/refresh-token')) {
          return json(200, { success: true, message: 'ok', data: { accessToken: 'new' } });
        }
        return bearerOf(init) === 'Bearer new'
          ? csv('x\r\n', 'f.csv')
          : json(401, { success: false, message: 'Authentication required' });
      });
      const file = await client.download('/api/points/export');
      expect(file.fileName).toBe('f.csv');
      expect(calls.map((call) => call.url)).toEqual([
        '/v1/api/points/export',
        '/v1/api/auth/refresh-token',
        '/v1/api/points/export',
      ]);
    });

    it('throws an ApiError with the server’s envelope when the export is refused', async () => {
      const refusal = {
        success: false,
        message: 'Validation failed',
        errors: { endDate: ['endDate must not be before startDate'] },
      };
      const { client } = setup(() => json(400, refusal));
      const error = await client.download('/api/transactions/export').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).envelope).toEqual(refusal);
    });
  });

  describe('openStream', () => {
    it('asks for an event stream with the bearer token, refreshing an expired one first', async () => {
      const { client, calls } = setup((url, init) => {
        if (url.endsWith('/refresh-token')) {
          return json(200, { success: true, message: 'ok', data: { accessToken: 'new' } });
        }
        return bearerOf(init) === 'Bearer new'
          ? new Response('event: unread\ndata: {"unread":2}\n\n', { status: 200 })
          : json(401, { success: false, message: 'Authentication required' });
      });
      const response = await client.openStream('/api/notifications/stream');
      expect(await response.text()).toContain('"unread":2');
      const streamCall = calls[2]!;
      expect(streamCall.url).toBe('/v1/api/notifications/stream');
      expect((streamCall.init.headers as Record<string, string>).Accept).toBe('text/event-stream');
    });

    it('throws an ApiError when the stream is refused', async () => {
      const { client } = setup(() => json(503, { success: false, message: 'Not now' }));
      const error = await client.openStream('/api/notifications/stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
    });
  });
});
