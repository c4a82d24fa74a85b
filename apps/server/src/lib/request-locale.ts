import {
  acceptedLanguages,
  LOCALE_COOKIE,
  negotiateLocale,
  type CatalogLocale,
} from '@netpulse/i18n';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for before any account is known: the choice kept in the
 * browser's cookie, else its `Accept-Language`, else English (docs/ARCHITECTURE.md section 13).
 * The web app decides a page's language the same way, so a prerendered page hydrates as sent.
 */
export function requestedLocale(request: FastifyRequest): CatalogLocale {
  const chosen = request.cookies[LOCALE_COOKIE];
  return negotiateLocale([
    ...(chosen ? [chosen] : []),
    ...acceptedLanguages(request.headers['accept-language']),
  ]);
}
