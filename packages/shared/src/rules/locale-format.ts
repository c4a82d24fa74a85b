/**
 * How figures read in each language (issue 28). The one digit rule: every language writes
 * figures in Latin digits, Arabic included (`ar-u-nu-latn`), so a number, a count and a
 * `YYYY-MM-DD HH:mm` time read the same on every screen, in every language, and match the
 * figures people compare them with (a node's dashboard, an exchange, a mail). Only the
 * grouping and the decimal mark follow the language ("12.345,5" in Spanish, "12 345,5" in
 * Russian). Every locale-aware formatter of the product goes through `formattingLocale`.
 */
import { textDirection } from '@netpulse/i18n';

/** The language whose hand-written texts are the spec's: its output never comes from Intl's words. */
export const SOURCE_LANGUAGE = 'en';

/**
 * The BCP 47 tag to give Intl for a product locale: Latin digits everywhere, and the
 * pseudo-locale (`en-XA`) and English formatting as US English, today's output.
 */
export function formattingLocale(locale: string | undefined): string {
  if (locale === undefined || isSourceLanguage(locale)) return 'en-US';
  // A tag that already names its extensions (`ar-u-nu-latn`) is taken without them, once.
  const [language] = locale.split('-u-');
  return `${language}-u-nu-latn`;
}

/** English and the pseudo-locale keep the hand-written English of the spec ("12 min ago"). */
export function isSourceLanguage(locale: string | undefined): boolean {
  return (
    locale === undefined || locale === SOURCE_LANGUAGE || locale.startsWith(`${SOURCE_LANGUAGE}-`)
  );
}

/**
 * One Intl.NumberFormat per language and options: building one costs far more than using it,
 * and a table formats hundreds of figures.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const tag = formattingLocale(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with the language's grouping and decimal mark, in Latin digits: "12,345.5", "12.345,5". */
export function formatNumber(
  value: number,
  locale?: string,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 },
): string {
  return numberFormat(locale, options).format(value);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** One Intl.RelativeTimeFormat per language ("hace 12 min", "12 мин. назад"). */
export function relativeTimeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const tag = formattingLocale(locale);
  let format = relativeFormats.get(tag);
  if (!format) {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'short' });
    relativeFormats.set(tag, format);
  }
  return format;
}

/** Unicode's left-to-right isolate and its closing mark (UAX #9). */
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A `YYYY-MM-DD HH:mm` time, a range of days or any run of figures put into a sentence of a
 * right-to-left language: isolated left to right, so it reads "2026-11-25 13:40" and not
 * "13:40 2026-11-25" (the bidirectional algorithm orders the two figure groups right to left
 * in an Arabic sentence). Left as it is in a left-to-right language, so English texts stay
 * what the spec and the tests say. An element can do the same with `dir="ltr"`.
 */
export function leftToRightIn(text: string, locale: string | undefined): string {
  if (locale === undefined || textDirection(locale) !== 'rtl') return text;
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
