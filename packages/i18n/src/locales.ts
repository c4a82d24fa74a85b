/**
 * The languages the product speaks (docs/ARCHITECTURE.md section 13). English is the source:
 * its texts are the spec's, written in the code as each message's default; the others are
 * translations of it, one catalog file each under `catalogs/`.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'ru', 'tr', 'vi', 'zh-CN', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Accented and 40 % longer English, for the tests that look for text written outside a
 * message or a box too narrow for a longer language. Never offered to people.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Every catalog the build compiles: the offered languages and the pseudo-locale. */
export type CatalogLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language named in itself, as the switcher lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set<Locale>(['ar']);

export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The pseudo-locale counts as a catalog (tests ask for it by name) but never as an offer. */
export function isCatalogLocale(value: unknown): value is CatalogLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

/**
 * The cookie that keeps a choice made on a page before sign-in (and the account's language
 * after it), so that the server sends the first page already in that language.
 */
export const LOCALE_COOKIE = 'np_locale';
