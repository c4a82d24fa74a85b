/**
 * The refresh token's cookie: httpOnly (scripts never see it), SameSite=Lax,
 * Secure when the app is served over https, and sent only to the auth routes.
 */
import type { FastifyReply } from 'fastify';
import type { Config } from '../../env.ts';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/v1/api/auth';

/** The flags of the auth routes' cookies: this one and the browser's device cookie. */
export function authCookieFlags(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.PUBLIC_URL.startsWith('https://'),
    path: REFRESH_COOKIE_PATH,
  };
}

/** Sets the cookie to live as long as its session family has left (seconds). */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...authCookieFlags(config), maxAge: maxAgeSeconds });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, authCookieFlags(config));
}
