/**
 * The server's texts in a person's language (docs/ARCHITECTURE.md section 13): the
 * envelope's messages and the mails. Each language's compiled catalog
 * (`@netpulse/i18n/compiled/<locale>.json`, `npm run i18n:compile`) is read from disk the
 * first time a text is asked for in that language, and its formatter kept. The catalogs are
 * found through the package's `exports`, so the sources (tsx, vitest) and the built server
 * (dist/server.js, which bundles @netpulse/i18n's code but not its catalogs) read the same
 * files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import {
  DEFAULT_LOCALE,
  registeredTexts,
  textId,
  type CatalogLocale,
  type MessageDescriptor,
  type MessageValues,
} from '@netpulse/i18n';

/**
 * A text whose words depend on values (a wait, a platform's name): the message and its
 * values, formatted where the language is known. `text(...)` makes one.
 */
export interface LocalizedText {
  readonly descriptor: MessageDescriptor;
  readonly values: MessageValues;
}

/** What the server says: a registered English text of packages/shared, or a message with values. */
export type ServerText = string | LocalizedText;

export const text = (descriptor: MessageDescriptor, values: MessageValues = {}): LocalizedText => ({
  descriptor,
  values,
});

type CompiledCatalog = IntlShape['messages'];

const require = createRequire(import.meta.url);
const cache = createIntlCache();
const formatters = new Map<CatalogLocale, IntlShape>();

function loadCatalog(locale: CatalogLocale): CompiledCatalog {
  const path = require.resolve(`@netpulse/i18n/compiled/${locale}.json`);
  return JSON.parse(readFileSync(path, 'utf8')) as CompiledCatalog;
}

function formatterOf(locale: CatalogLocale): IntlShape {
  let intl = formatters.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        messages: loadCatalog(locale),
        defaultLocale: DEFAULT_LOCALE,
        // A key missing from a catalog is `npm run i18n:check`'s to catch; the English is said.
        onError: (error) => {
          if (error.code !== 'MISSING_TRANSLATION') process.emitWarning(error.message);
        },
      },
      cache,
    );
    formatters.set(locale, intl);
  }
  return intl;
}

/**
 * The groups of packages/shared whose texts the server answers with. Some English is
 * registered twice (a server answer the web app also shows as its own toast): the server says
 * it under its own group's key.
 */
const SERVER_GROUPS = [
  'serverMessages',
  'pointsMessages',
  'questMessages',
  'validation',
  'limitMessages',
];

let serverIdsByEnglish: Map<string, string> | undefined;

/** The key of a registered English text, its server group's first. */
function idOf(english: string): string | undefined {
  if (!serverIdsByEnglish) {
    serverIdsByEnglish = new Map();
    for (const group of SERVER_GROUPS) {
      for (const [id, text] of registeredTexts()) {
        if (id.startsWith(`${group}.`) && !serverIdsByEnglish.has(text)) {
          serverIdsByEnglish.set(text, id);
        }
      }
    }
  }
  return serverIdsByEnglish.get(english) ?? textId(english);
}

/** A registered text without values, per language: the envelope says the same few often. */
const plainTexts = new Map<CatalogLocale, Map<string, string>>();

function translatePlain(locale: CatalogLocale, english: string): string {
  let known = plainTexts.get(locale);
  if (!known) {
    known = new Map();
    plainTexts.set(locale, known);
  }
  let translated = known.get(english);
  if (translated === undefined) {
    const id = idOf(english);
    // A variable, not a literal: the extractor reads literals as messages written here.
    const registered: MessageDescriptor = { id: id ?? '', defaultMessage: english };
    translated = id === undefined ? english : formatterOf(locale).formatMessage(registered);
    known.set(english, translated);
  }
  return translated;
}

/**
 * A text in `locale`: a registered English text of packages/shared by its key (any other
 * string, such as a framework's message, stays as it is), or a message with its values.
 */
export function translate(locale: CatalogLocale, what: ServerText): string;
export function translate(
  locale: CatalogLocale,
  what: MessageDescriptor,
  values?: MessageValues,
): string;
export function translate(
  locale: CatalogLocale,
  what: ServerText | MessageDescriptor,
  values?: MessageValues,
): string {
  return format(locale, what, values);
}

function format(
  locale: CatalogLocale,
  what: ServerText | MessageDescriptor,
  values?: MessageValues,
): string {
  if (typeof what === 'string') {
    return locale === DEFAULT_LOCALE ? what : translatePlain(locale, what);
  }
  if ('descriptor' in what) return formatterOf(locale).formatMessage(what.descriptor, what.values);
  return formatterOf(locale).formatMessage(what, values);
}

/**
 * Names (usernames, accounts with their relation) joined as `locale` joins a list: "a, b и c",
 * "a、b和c". English keeps its plain comma list ("a, b, c"), what the console has always shown.
 */
export function formatNames(locale: CatalogLocale, names: readonly string[]): string {
  const english = locale === DEFAULT_LOCALE;
  return formatterOf(locale).formatList(names, {
    type: english ? 'unit' : 'conjunction',
    style: english ? 'short' : 'long',
  });
}

/** The English of a text: what logs and tests read. */
export function english(what: ServerText): string;
export function english(what: MessageDescriptor, values?: MessageValues): string;
export function english(what: ServerText | MessageDescriptor, values?: MessageValues): string {
  return format(DEFAULT_LOCALE, what, values);
}
