import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  negotiateLocale,
  negotiateOfferedLocale,
  PSEUDO_LOCALE,
  type CatalogLocale,
  type Locale,
} from '@netpulse/i18n';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for before any account is known: the choice kept in the
 * browser's cookie, else its `Accept-Language`, else English (docs/ARCHITECTURE.md section 13).
 * The web app decides a page's language the same way, so a prerendered page hydrates as sent.
 */
export function requestedLocale(request: FastifyRequest): CatalogLocale {
  return negotiateLocale(preferencesOf(request));
}

/** The request's language among those offered to people: what a new account keeps. */
export function offeredRequestedLocale(request: FastifyRequest): Locale {
  return negotiateOfferedLocale(preferencesOf(request));
}

function preferencesOf(request: FastifyRequest): string[] {
  // Hooks that run before the cookie plugin's (the rate limit's) see no cookies yet.
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return [...(chosen ? [chosen] : []), ...acceptedLanguages(request.headers['accept-language'])];
}

/**
 * The language the server answers a request in: the signed-in account's (read with its
 * session, modules/auth/authenticate.ts: no query of its own), else the one it asks for.
 * An extension node's session is answered in English, the texts of the shared contract.
 * (Only a request for the pseudo-locale wins over the account: the tests' sweep asks for it.)
 */
export function answerLocale(request: FastifyRequest): CatalogLocale {
  const user = request.user;
  const requested = requestedLocale(request);
  // A browser that asks for the pseudo-locale (the tests' sweep) gets it: no account has it.
  if (!user || requested === PSEUDO_LOCALE) return requested;
  // An extension node's session talks to a program that compares the English texts
  // (apps/extension's retry policy) and translates what it shows at its own edge.
  return user.kind === 'node' ? DEFAULT_LOCALE : user.locale;
}
