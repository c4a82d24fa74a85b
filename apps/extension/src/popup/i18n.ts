/**
 * The popup's language (docs/ARCHITECTURE.md section 13): the browser's, as
 * `navigator.languages` lists it, else English. The popup reads the web app's catalogs,
 * compiled to syntax trees (no ICU parser ships), and downloads only the one it speaks.
 */
import {
  createIntl,
  createIntlCache,
  type IntlConfig,
  type IntlShape,
  type MessageDescriptor as IntlDescriptor,
} from '@formatjs/intl';
import {
  DEFAULT_LOCALE,
  negotiateLocale,
  textDirection,
  type CatalogLocale,
  type MessageDescriptor,
} from '@netpulse/i18n';
import { loadCatalog } from '@netpulse/i18n/load-catalog';

/** A compiled catalog: each message already parsed (`npm run i18n:compile`). */
type Messages = NonNullable<IntlConfig['messages']>;
const cache = createIntlCache();

function intlFor(locale: CatalogLocale, messages: Messages): IntlShape<Node> {
  return createIntl<Node>(
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

/**
 * English from the messages' defaults until a catalog is loaded: what the unit tests read.
 * The built popup renders only after `startInBrowserLanguage`, with a catalog at hand.
 */
let active = intlFor(DEFAULT_LOCALE, {});

export function intl(): IntlShape<Node> {
  return active;
}

/** The popup's locale: also the one its numbers are written in. */
export function activeLocale(): CatalogLocale {
  return active.locale as CatalogLocale;
}

/** A message as plain text (an element's textContent, an attribute). */
export function t(
  descriptor: MessageDescriptor,
  values?: Readonly<Record<string, string | number>>,
): string {
  return active.formatMessage(descriptor as IntlDescriptor, values);
}

/**
 * Fills an element with a message whose placeholders may be elements of the page
 * ("Signed in as {username}", the name in its own `<strong>`), in the order the
 * language puts them.
 */
export function fill(
  element: Element,
  descriptor: MessageDescriptor,
  values: Readonly<Record<string, string | number | Node>>,
): void {
  const formatted = active.formatMessage(descriptor as IntlDescriptor, values);
  element.replaceChildren(...(Array.isArray(formatted) ? formatted : [formatted]));
}

async function loadMessages(locale: CatalogLocale): Promise<Messages> {
  return (await loadCatalog(locale)) as Messages;
}

/**
 * Chooses the language from the browser's, loads its catalog (English when it cannot be
 * had), and sets `<html lang dir>`: Arabic lays the popup out right to left.
 */
export async function startInBrowserLanguage(
  languages: readonly string[] = navigator.languages,
): Promise<CatalogLocale> {
  let locale = negotiateLocale(languages);
  let messages: Messages;
  try {
    messages = await loadMessages(locale);
  } catch (error) {
    console.error(`The ${locale} catalog could not be loaded:`, error);
    locale = DEFAULT_LOCALE;
    messages = await loadMessages(locale);
  }
  active = intlFor(locale, messages);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }
  return locale;
}
