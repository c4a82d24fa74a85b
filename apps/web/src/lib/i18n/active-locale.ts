import { DEFAULT_LOCALE, textDirection, type CatalogLocale } from '@netpulse/i18n';
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

/** Sets the language without a load: the page's first render, with its catalog already at hand. */
export function startInLocale(locale: CatalogLocale, messages: Messages): void {
  active = intlFor(locale, messages);
  if (typeof document !== 'undefined') applyToDocument(locale);
}

let switching: Promise<void> = Promise.resolve();

/** Loads a language's catalog, then shows the page in it. Calls run in order: the last one wins. */
export function switchLocale(locale: CatalogLocale): Promise<void> {
  switching = switching
    .catch(() => {})
    .then(async () => {
      if (active.locale === locale) return;
      const messages = await loadMessages(locale);
      active = intlFor(locale, messages);
      applyToDocument(locale);
      for (const listener of listeners) listener();
    });
  return switching;
}
