import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE, type CatalogLocale, type Locale } from './locales';

/**
 * A language tag's offered language: the exact tag, else its language alone (`es-MX` is
 * Spanish, `pt-PT` reads Brazilian Portuguese, `zh-SG` and `zh-Hans` simplified Chinese).
 * Traditional Chinese (`zh-TW`, `zh-HK`, `zh-Hant`) is not simplified Chinese: those tags
 * match nothing and the next preference decides.
 */
export function matchLocale(tag: string): CatalogLocale | undefined {
  const wanted = tag.trim().toLowerCase();
  if (wanted === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const [language, ...subtags] = wanted.split(/[-_]/);
  if (language === 'zh') {
    const traditional = subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag));
    return traditional ? undefined : 'zh-CN';
  }
  return LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
}

/** The first of a person's languages, in their order, that the product speaks; else English. */
export function negotiateLocale(preferences: readonly string[]): CatalogLocale {
  for (const tag of preferences) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The tags of an `Accept-Language` header, most wanted first (RFC 9110 section 12.5.4):
 * `q=0` means "not this one", `*` adds nothing, and a malformed entry is skipped.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const quality = parameters
        .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), weight: quality === undefined ? 1 : Number(quality), position };
    })
    .filter(({ tag, weight }) => /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i.test(tag) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .map(({ tag }) => tag);
}

/** Offered languages only: a stored or requested choice of the pseudo-locale is ignored. */
export function negotiateOfferedLocale(preferences: readonly string[]): Locale {
  const locale = negotiateLocale(preferences);
  return locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
}
