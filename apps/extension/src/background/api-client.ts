/**
 * The extension's calls to the server, made with the node's own session
 * (docs/ARCHITECTURE.md section 8, Nodes), never the dashboard's: removing the node
 * signs out this extension and nothing else. On a 401 the access token is
 * refreshed once through POST /v1/api/nodes/refresh-token (the server rotates
 * the refresh token, so the new one is kept) and the call is replayed;
 * concurrent 401s share the refresh, so a rotated token is never sent twice.
 * A refused refresh ends the extension's session.
 */
import {
  dataEnvelope,
  nodeSessionSchema,
  type NodeRefreshRequest,
  type NodeSession,
} from '@netpulse/shared';
import type { z } from 'zod';
import type { TestFailure } from '../lib/retry-policy.ts';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';

export const API_PATHS = {
  nodes: '/v1/api/nodes',
  nodeRefreshToken: '/v1/api/nodes/refresh-token',
  heartbeat: '/v1/api/nodes/heartbeat',
  selfNotices: '/v1/api/nodes/self/notices',
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

/** Where the node's session lives (chrome.storage.local in the worker). */
export interface NodeSessionStore {
  /** The access token to call with; undefined when the extension has no node session. */
  accessToken(): Promise<string | undefined>;
  /** What a refresh sends: the node's id and its current refresh token. */
  refreshCredentials(): Promise<NodeRefreshRequest | undefined>;
  /** Keeps a session: the one registration gave, or the rotated one a refresh gave. */
  set(session: NodeSession): Promise<void>;
  /** The session is over: forget it (and the user's state). */
  clear(): Promise<void>;
}

export interface ApiClientDeps {
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  session: NodeSessionStore;
}

type Method = 'GET' | 'POST';

export interface ApiClient {
  /**
   * GET or POST `path` with the node's session; resolves with the envelope's
   * `data` checked against `schema`.
   */
  call<T extends z.ZodType>(
    method: Method,
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>>;
  /**
   * One call with the given bearer token and no refresh: registering the node
   * with the dashboard's token, before the node has a session of its own.
   */
  callWithToken<T extends z.ZodType>(
    token: string,
    method: Method,
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>>;
}

const NETWORK_MESSAGE = englishText(WORKER_TEXTS.network);
const SIGNED_OUT_MESSAGE = englishText(WORKER_TEXTS.signedOut);
const UNREADABLE_MESSAGE = englishText(WORKER_TEXTS.unreadable);

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
  return typeof message === 'string' && message
    ? message
    : englishText(WORKER_TEXTS.serverAnswered, { status });
}

function httpFailure(response: Response, body: unknown): ApiFailure {
  return new ApiFailure({
    kind: 'http',
    status: response.status,
    message: messageOf(body, response.status),
    retryAfterMs: retryAfterMs(response),
  });
}

/** The envelope's `data`, checked: an answer of the wrong shape fails here, not later. */
function dataOf<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = dataEnvelope(schema).safeParse(body);
  if (!parsed.success || !parsed.data.success) {
    throw new ApiFailure({ kind: 'http', status: 502, message: UNREADABLE_MESSAGE });
  }
  return (parsed.data as { data: z.infer<T> }).data;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshInFlight: Promise<string> | null = null;

  async function send(method: string, path: string, token: string | null, body?: unknown) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // The contract's English: the worker tells answers apart by their words (a removed node,
      // today's limit), and the popup translates what it shows (popup/translate-text.ts).
      'Accept-Language': 'en',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await deps.fetch(`${deps.origin}${path}`, {
        method,
        headers,
        // The node's session is its bearer and refresh tokens: the web origin's cookies are not ours.
        credentials: 'omit',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiFailure({ kind: 'network', message: NETWORK_MESSAGE });
    }
  }

  async function signedOut(message: string): Promise<never> {
    await deps.session.clear();
    throw new ApiFailure({ kind: 'signed-out', message });
  }

  async function refresh(): Promise<string> {
    const credentials = await deps.session.refreshCredentials();
    if (!credentials) return signedOut(SIGNED_OUT_MESSAGE);
    const response = await send('POST', API_PATHS.nodeRefreshToken, null, credentials);
    const body = await readJson(response);
    // Removed on the dashboard, or the session revoked: this extension is signed out.
    if (response.status === 401 || response.status === 403) {
      return signedOut(messageOf(body, response.status));
    }
    if (!response.ok) throw httpFailure(response, body);
    const session = dataOf(nodeSessionSchema, body);
    await deps.session.set(session);
    return session.accessToken;
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
      const token = await deps.session.accessToken();
      if (!token) throw new ApiFailure({ kind: 'signed-out', message: SIGNED_OUT_MESSAGE });
      let response = await send(method, path, token, body);
      if (response.status === 401) {
        const current = await deps.session.accessToken();
        // Another call refreshed while this one was in flight: replay with its token.
        const fresh = current && current !== token ? current : await tokenAfterUnauthorized();
        response = await send(method, path, fresh, body);
      }
      const json = await readJson(response);
      if (response.status === 401) return signedOut(SIGNED_OUT_MESSAGE);
      if (!response.ok) throw httpFailure(response, json);
      return dataOf(schema, json);
    },

    async callWithToken(token, method, path, schema, body) {
      const response = await send(method, path, token, body);
      const json = await readJson(response);
      if (response.status === 401) {
        throw new ApiFailure({ kind: 'signed-out', message: messageOf(json, response.status) });
      }
      if (!response.ok) throw httpFailure(response, json);
      return dataOf(schema, json);
    },
  };
}
