import {
  DEFAULT_LOCALE,
  textDirection,
  type CatalogLocale,
  type CatalogPart,
} from '@netpulse/i18n';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { loadMessages, type Messages } from './catalogs';

const cache = createIntlCache();

function intlFor(locale: CatalogLocale, messages: Messages): IntlShape {
  return createIntl(
    {
      locale,
      messages,
      defaultLocale: DEFAULT_LOCALE,
      // A missing message is the catalog check's to catch (`npm run i18n:check`), not the console's.
      onError: (error) => {
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      },
    },
    cache,
  );
}

let active: IntlShape = intlFor(DEFAULT_LOCALE, {});
const listeners = new Set<() => void>();

/**
 * Whether a screen beyond the first load has asked for the whole catalog (`ensureFullCatalog`):
 * then a change of language loads both parts at once.
 */
let fullCatalogWanted = false;
/** The language whose whole catalog `active` holds, or is on its way. */
let fullCatalog: { locale: string; loading: Promise<void> } | null = null;

function show(locale: CatalogLocale, messages: Messages): void {
  active = intlFor(locale, messages);
  applyToDocument(locale);
  for (const listener of listeners) listener();
}

/**
 * The one formatter of the page: React reads it through the provider, and the code outside
 * components (toasts, the API client's messages) through `intl()`, so both always speak the
 * same language.
 */
export function intl(): IntlShape {
  return active;
}

export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `<html lang dir>`: screen readers, hyphenation and the mirrored layout follow it. */
function applyToDocument(locale: CatalogLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/**
 * Sets the language without a load: the page's first render, with its catalog already at hand
 * (`parts`: what `messages` holds; the build's prerender renders with the whole catalog).
 */
export function startInLocale(
  locale: CatalogLocale,
  messages: Messages,
  parts: readonly CatalogPart[] = ['start'],
): void {
  active = intlFor(locale, messages);
  if (parts.includes('rest')) {
    fullCatalogWanted = true;
    fullCatalog = { locale, loading: Promise.resolve() };
  }
  if (typeof document !== 'undefined') applyToDocument(locale);
}

/**
 * The whole catalog of the page's language: every screen after the first load waits for it
 * before it renders (apps/web/src/app/router.tsx), so none shows a key for a text.
 */
export function ensureFullCatalog(): Promise<void> {
  fullCatalogWanted = true;
  const locale = active.locale as CatalogLocale;
  if (fullCatalog?.locale === locale) return fullCatalog.loading;
  const loading = loadMessages(locale, ['rest']).then((rest) => {
    // Still the language shown: a switch meanwhile loads its own whole catalog.
    if (active.locale === locale) show(locale, { ...(active.messages as Messages), ...rest });
  });
  fullCatalog = { locale, loading };
  loading.catch(() => {
    if (fullCatalog?.loading === loading) fullCatalog = null;
  });
  return loading;
}

let switching: Promise<void> = Promise.resolve();

/** Loads a language's catalog, then shows the page in it. Calls run in order: the last one wins. */
export function switchLocale(locale: CatalogLocale): Promise<void> {
  switching = switching
    .catch(() => {})
    .then(async () => {
      if (active.locale === locale) return;
      const parts: CatalogPart[] = fullCatalogWanted ? ['start', 'rest'] : ['start'];
      const loading = loadMessages(locale, parts);
      if (fullCatalogWanted) fullCatalog = { locale, loading: loading.then(() => {}) };
      show(locale, await loading);
    });
  return switching;
}
