/**
 * The browser's device cookie (issue 29): a long-lived random token that names the browser
 * across its sign-ins, so that a sign-in from a browser the account has never used can be told
 * to the account. httpOnly, SameSite=Lax, Secure over https, and sent only to the auth routes,
 * like the refresh cookie; the server keeps only its hash (refresh_families.device_hash).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env.ts';
import { hashToken, newSecretToken } from '../../lib/random-codes.ts';
import { authCookieFlags } from './refresh-cookie.ts';

export const DEVICE_COOKIE = 'np_device';

/** Browsers keep a cookie at most 400 days; it is set again whenever it is missing. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** What newSecretToken makes: anything else in the cookie is not ours and is replaced. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device of a sign-in: its hash, and the token to set when the browser had none. */
export interface SignInDevice {
  hash: string;
  /** A new token, to set as the cookie; undefined when the browser sent a valid one. */
  newToken: string | undefined;
}

export function deviceOf(request: FastifyRequest): SignInDevice {
  const presented = request.cookies[DEVICE_COOKIE];
  if (presented !== undefined && DEVICE_TOKEN.test(presented)) {
    return { hash: hashToken(presented), newToken: undefined };
  }
  const newToken = newSecretToken();
  return { hash: hashToken(newToken), newToken };
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...authCookieFlags(config),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
