/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1), as X's user-context API
 * and its login flow require.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** RFC 3986 percent-encoding, stricter than encodeURIComponent (! * ' ( ) too). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The signature of a request whose parameters (query, form body, oauth_*) are all in `params`. */
export function oauthSignature(
  method: string,
  baseUrl: string,
  params: Record<string, string>,
  consumerSecret: string,
  tokenSecret = '',
): string {
  const normalized = Object.entries(params)
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join('&');
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(base).digest('base64');
}

/**
 * The Authorization header of a signed request. `extra` holds oauth_callback or
 * oauth_verifier when the step needs one; `requestParams` the query and form body.
 */
export function oauthHeader(
  method: string,
  url: string,
  credentials: OAuthCredentials,
  options: {
    extra?: Record<string, string>;
    requestParams?: Record<string, string>;
    nonce?: string;
    timestamp?: number;
  } = {},
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(credentials.token ? { oauth_token: credentials.token } : {}),
    ...options.extra,
  };
  const parsed = new URL(url);
  const query = Object.fromEntries(parsed.searchParams);
  const baseUrl = `${parsed.origin}${parsed.pathname}`;
  oauth.oauth_signature = oauthSignature(
    method,
    baseUrl,
    { ...query, ...options.requestParams, ...oauth },
    credentials.consumerSecret,
    credentials.tokenSecret,
  );
  return `OAuth ${Object.entries(oauth)
    .map(([key, value]) => `${percentEncode(key)}="${percentEncode(value)}"`)
    .join(', ')}`;
}

/** The oauth_* parameters of an Authorization header (for checking a signed request). */
export function parseOAuthHeader(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const params: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([^=]+)="([^"]*)"\s*$/.exec(part);
    if (!match?.[1]) return null;
    params[decodeURIComponent(match[1])] = decodeURIComponent(match[2] ?? '');
  }
  return params;
}
