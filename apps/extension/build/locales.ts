/**
 * The manifest's texts in every language (`_locales/<language>/messages.json`, which
 * Chrome reads by the browser's language, English by default): the extension's name and
 * description from the catalogs (lib/manifest-texts.ts), the product's name filled in.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createIntl, type IntlConfig } from '@formatjs/intl';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@netpulse/i18n';
import { MANIFEST_TEXTS } from '../src/lib/manifest-texts.ts';

const require = createRequire(import.meta.url);

/** The message names the manifest refers to as `__MSG_<name>__`. */
export const MANIFEST_MESSAGES = {
  name: 'extensionName',
  description: 'extensionDescription',
} as const;

/** `__MSG_extensionName__`: a manifest field Chrome fills from the browser's `_locales`. */
export const manifestMessage = (name: keyof typeof MANIFEST_MESSAGES) =>
  `__MSG_${MANIFEST_MESSAGES[name]}__`;

/** Chrome's folder for a language: an underscore, not a hyphen (`pt_BR`, `zh_CN`). */
export const chromeLocaleFolder = (locale: Locale) => locale.replace('-', '_');

/** Chrome's `messages.json`: each message's text under `message`. */
export type ChromeMessages = Record<string, { message: string; description?: string }>;

function compiledCatalog(locale: Locale): NonNullable<IntlConfig['messages']> {
  return JSON.parse(
    readFileSync(require.resolve(`@netpulse/i18n/compiled/${locale}.json`), 'utf8'),
  ) as NonNullable<IntlConfig['messages']>;
}

/** Every offered language's `_locales/<folder>/messages.json`, by folder. */
export function manifestLocales(productName: string): Record<string, ChromeMessages> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const intl = createIntl({
        locale,
        defaultLocale: DEFAULT_LOCALE,
        messages: compiledCatalog(locale),
      });
      const text = (key: keyof typeof MANIFEST_MESSAGES) =>
        intl.formatMessage(MANIFEST_TEXTS[key], { productName });
      const messages: ChromeMessages = {
        [MANIFEST_MESSAGES.name]: { message: text('name') },
        [MANIFEST_MESSAGES.description]: { message: text('description') },
      };
      return [chromeLocaleFolder(locale), messages];
    }),
  );
}
