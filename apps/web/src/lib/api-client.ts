import {
  isBannedRefusal,
  type AccessTokenData,
  type Envelope,
  type FieldErrors,
} from '@netpulse/shared';
import { paths } from '@/config/paths';
import { authStore, type AuthStore } from './auth-store';
import { fileNameOfDisposition } from './download-file';
import { navigateTo } from './navigation';
import { rememberBan } from './sign-out-notice';

/** Every API path below is relative to this base (spec section 7). */
export const API_BASE_URL = '/v1';

export const AUTH_ENDPOINTS = {
  login: '/api/auth/login',
  /** The second step of a two-factor sign-in (issue 29). */
  loginTwoFactor: '/api/auth/login/two-factor',
  passkeyOptions: '/api/auth/passkey/options',
  passkeySignIn: '/api/auth/passkey',
  signup: '/api/auth/signup',
  refreshToken: '/api/auth/refresh-token',
  logout: '/api/auth/logout',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
} as const;

/**
 * A 401 from these means wrong credentials or a dead session, never an expired
 * access token, so refreshing and replaying them would be wrong (or loop).
 */
const ENDPOINTS_WITHOUT_REFRESH: readonly string[] = Object.values(AUTH_ENDPOINTS);

/** A call that reached the server and failed: HTTP error or `success: false`. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's answer, or null when it was not an envelope (e.g. a proxy's HTML page). */
  readonly envelope: Envelope<unknown> | null;
  /** The session could not be refreshed; the user is already on the way to /login. */
  readonly sessionExpired: boolean;

  constructor(status: number, envelope: Envelope<unknown> | null, sessionExpired = false) {
    super(envelope?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
    this.sessionExpired = sessionExpired;
  }

  get fieldErrors(): FieldErrors {
    return this.envelope?.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** A file the server sent as an attachment (the CSV exports). */
export interface DownloadedFile {
  blob: Blob;
  /** The name from Content-Disposition, or null when the server gave none. */
  fileName: string | null;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /** GETs a file with the same token and refresh as every call; a failure is an ApiError. */
  download(path: string, options?: Omit<RequestOptions, 'body'>): Promise<DownloadedFile>;
  /**
   * Opens a text/event-stream with the same token and refresh as every call (EventSource cannot
   * send the Authorization header); a refusal is an ApiError, the open stream is the Response.
   */
  openStream(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Response>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Envelope<T>>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'body'>,
  ): Promise<Envelope<T>>;
}

export interface ApiClientDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  tokens: Pick<AuthStore, 'getToken' | 'setToken' | 'clearToken'>;
  /** Called once per failed refresh, after the token was removed. */
  onSessionExpired: () => void;
  /**
   * Called instead of `onSessionExpired` when the refresh said the account is banned
   * (docs/decisions/033), with what the operator chose to tell the person.
   */
  onBanned?: (reason: string | null) => void;
  baseUrl?: string;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { success?: unknown }).success === 'boolean'
  );
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * The fetch wrapper every feature uses: sends cookies and the stored bearer
 * token, turns failed answers into `ApiError`, and on a 401 refreshes the
 * access token once per request. Concurrent 401s share one refresh and are
 * replayed with its token; when the refresh fails the token is removed and
 * `onSessionExpired` runs (once).
 */
/** `accessTokenDataSchema`'s check, without zod on every page: the token of `{ accessToken: string }`. */
function accessTokenOf(data: unknown): AccessTokenData['accessToken'] | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { accessToken } = data as Record<string, unknown>;
  return typeof accessToken === 'string' ? accessToken : undefined;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE_URL;
  let refreshInFlight: Promise<string | null> | null = null;

  function send(
    method: string,
    url: string,
    options: RequestOptions,
    token: string | null,
    accept = 'application/json',
  ) {
    const headers: Record<string, string> = { Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal };
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    return deps.fetch(url, init);
  }

  async function requestNewToken(): Promise<string | null> {
    try {
      const response = await send('POST', `${baseUrl}${AUTH_ENDPOINTS.refreshToken}`, {}, null);
      const envelope = await readEnvelope(response);
      const accessToken = accessTokenOf(envelope?.data);
      if (response.ok && envelope?.success && accessToken) {
        deps.tokens.setToken(accessToken);
        return accessToken;
      }
      // A banned account's tab is told why it is signed out (docs/decisions/033).
      const refusal = envelope?.data;
      if (response.status === 403 && isBannedRefusal(refusal) && deps.onBanned) {
        deps.tokens.clearToken();
        deps.onBanned(refusal.reason);
        return null;
      }
    } catch (error) {
      console.error('Token refresh failed.', error);
    }
    deps.tokens.clearToken();
    deps.onSessionExpired();
    return null;
  }

  /** The token to replay a request with after its 401, or null when the session is over. */
  function tokenAfterUnauthorized(tokenSent: string | null): Promise<string | null> {
    // Another request already refreshed while this one was in flight: no need to refresh again.
    const current = deps.tokens.getToken();
    if (current && current !== tokenSent && !refreshInFlight) return Promise.resolve(current);

    refreshInFlight ??= requestNewToken().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  /** Sends the call, and once more with a new token after a 401 (see tokenAfterUnauthorized). */
  async function sendWithRefresh(
    method: string,
    path: string,
    options: RequestOptions,
    accept?: string,
  ): Promise<Response> {
    const url = buildUrl(baseUrl, path, options.query);
    const tokenSent = deps.tokens.getToken();
    const response = await send(method, url, options, tokenSent, accept);
    if (response.status !== 401 || ENDPOINTS_WITHOUT_REFRESH.some((p) => path.startsWith(p))) {
      return response;
    }
    const newToken = await tokenAfterUnauthorized(tokenSent);
    if (newToken === null) throw new ApiError(401, await readEnvelope(response), true);
    return send(method, url, options, newToken, accept);
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}) {
    const response = await sendWithRefresh(method, path, options);
    const envelope = await readEnvelope(response);
    if (!response.ok || !envelope?.success) throw new ApiError(response.status, envelope);
    return envelope as Envelope<T>;
  }

  /** A file's body and name; a refusal still comes as the JSON envelope, so it reads as one. */
  async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
    const response = await sendWithRefresh('GET', path, options, '*/*');
    if (!response.ok) throw new ApiError(response.status, await readEnvelope(response));
    return {
      blob: await response.blob(),
      fileName: fileNameOfDisposition(response.headers.get('Content-Disposition')),
    };
  }

  async function openStream(path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await sendWithRefresh('GET', path, options, 'text/event-stream');
    if (!response.ok) throw new ApiError(response.status, await readEnvelope(response));
    return response;
  }

  return {
    request,
    download,
    openStream,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
  };
}

export const apiClient = createApiClient({
  // Wrapped so fetch is called unbound (some browsers throw otherwise) and stays stubbable.
  fetch: (url, init) => globalThis.fetch(url, init),
  tokens: authStore,
  onSessionExpired: () => navigateTo(paths.login.href()),
  onBanned: (reason) => {
    rememberBan(reason);
    navigateTo(paths.login.href());
  },
});
