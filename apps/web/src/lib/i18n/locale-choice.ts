import {
  LOCALE_COOKIE,
  isCatalogLocale,
  negotiateLocale,
  type CatalogLocale,
} from '@netpulse/i18n';
import { switchLocale } from './active-locale';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The language chosen on a page (or the account's, once signed in), kept in a cookie the server reads too. */
export function storedLocaleChoice(): CatalogLocale | null {
  const stored = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  const locale = stored === undefined ? null : decodeURIComponent(stored);
  return isCatalogLocale(locale) ? locale : null;
}

export function rememberLocaleChoice(locale: CatalogLocale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/**
 * The language a page starts in: the one chosen, else the browser's first that the product
 * speaks, else English; the server picks a prerendered page's language the same way.
 */
export function preferredLocale(): CatalogLocale {
  return storedLocaleChoice() ?? negotiateLocale(navigator.languages);
}

/** A language chosen by the person (switcher, account): kept for the next visit, shown now. */
export function chooseLocale(locale: CatalogLocale): Promise<void> {
  rememberLocaleChoice(locale);
  return switchLocale(locale);
}
