/**
 * The extension's calls to the server: the same bearer token and refresh as
 * the web app (apps/web/src/lib/api-client.ts). On a 401 the access token is
 * refreshed once, with the refresh cookie of the web origin (host permissions
 * let this fetch carry it), and the call is replayed; concurrent 401s share
 * the refresh. A refused refresh ends the extension's session.
 */
import { accessTokenDataSchema, dataEnvelope, SERVER_MESSAGES } from '@netpulse/shared';
import type { z } from 'zod';
import type { TestFailure } from '../lib/retry-policy.ts';

export const API_PATHS = {
  refreshToken: '/v1/api/auth/refresh-token',
  profile: '/v1/api/auth/profile',
  speedtests: '/v1/api/speedtests',
  quota: '/v1/api/speedtests/quota',
  points: '/v1/api/points',
} as const;

/** A call that failed, classified for the retry policy (lib/retry-policy.ts). */
export class ApiFailure extends Error {
  constructor(readonly failure: TestFailure) {
    super(failure.message);
    this.name = 'ApiFailure';
  }
}

export interface TokenStore {
  get(): Promise<string | undefined>;
  set(token: string): Promise<void>;
  /** The session is over: forget the token (and the user's state). */
  clear(): Promise<void>;
}

export interface ApiClientDeps {
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  tokens: TokenStore;
}

export interface ApiClient {
  /** GET or POST `path`; resolves with the envelope's `data` checked against `schema`. */
  call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>>;
}

const NETWORK_MESSAGE = 'The server cannot be reached. The extension will try again later.';
const SIGNED_OUT_MESSAGE = 'Signed out: log in on the dashboard to sign the extension in.';

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : `The server answered ${status}`;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshInFlight: Promise<string> | null = null;

  async function send(method: string, path: string, token: string | null, body?: unknown) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await deps.fetch(`${deps.origin}${path}`, {
        method,
        headers,
        credentials: 'include',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiFailure({ kind: 'network', message: NETWORK_MESSAGE });
    }
  }

  async function refresh(): Promise<string> {
    const response = await send('POST', API_PATHS.refreshToken, null);
    const body = await readJson(response);
    const parsed = dataEnvelope(accessTokenDataSchema).safeParse(body);
    if (response.ok && parsed.success && parsed.data.success) {
      await deps.tokens.set(parsed.data.data.accessToken);
      return parsed.data.data.accessToken;
    }
    if (response.status === 401 || response.status === 403) {
      await deps.tokens.clear();
      throw new ApiFailure({ kind: 'signed-out', message: SERVER_MESSAGES.refreshInvalid });
    }
    throw new ApiFailure({
      kind: 'http',
      status: response.status,
      message: messageOf(body, response.status),
      retryAfterMs: retryAfterMs(response),
    });
  }

  /** The token to replay with after a 401: one refresh for all callers at once. */
  function tokenAfterUnauthorized(): Promise<string> {
    refreshInFlight ??= refresh().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  return {
    async call(method, path, schema, body) {
      const token = await deps.tokens.get();
      if (!token) throw new ApiFailure({ kind: 'signed-out', message: SIGNED_OUT_MESSAGE });
      let response = await send(method, path, token, body);
      if (response.status === 401) {
        const current = await deps.tokens.get();
        // Another call refreshed while this one was in flight: replay with its token.
        const fresh = current && current !== token ? current : await tokenAfterUnauthorized();
        response = await send(method, path, fresh, body);
      }
      const json = await readJson(response);
      if (!response.ok) {
        if (response.status === 401) await deps.tokens.clear();
        throw new ApiFailure(
          response.status === 401
            ? { kind: 'signed-out', message: SIGNED_OUT_MESSAGE }
            : {
                kind: 'http',
                status: response.status,
                message: messageOf(json, response.status),
                retryAfterMs: retryAfterMs(response),
              },
        );
      }
      const parsed = dataEnvelope(schema).safeParse(json);
      if (!parsed.success || !parsed.data.success) {
        throw new ApiFailure({
          kind: 'http',
          status: 502,
          message: 'The server sent an answer the extension does not understand.',
        });
      }
      return (parsed.data as { data: z.infer<typeof schema> }).data;
    },
  };
}
