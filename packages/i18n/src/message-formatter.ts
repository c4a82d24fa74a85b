/**
 * The formatter of the compiled catalogs (docs/decisions/036): a walk over the ICU syntax
 * trees `npm run i18n:compile` writes, giving what react-intl gave (the server keeps
 * @formatjs/intl; `message-formatter.test.ts` proves the two equal on every catalog). The
 * catalogs come parsed, so no ICU parser is needed: this file is all a page carries.
 */

// The element kinds of a compiled message, numbered as FormatJS's parser numbers them.
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

type Choices = Readonly<Record<string, { readonly value: readonly MessageElement[] }>>;

/** A named style (`{n, number, percent}`), or a skeleton with its Intl options parsed. */
type Style = string | { readonly parsedOptions?: Readonly<Record<string, unknown>> } | null;

/** One node of a compiled message (FormatJS's `MessageFormatElement`, as JSON). */
export type MessageElement =
  | { readonly type: typeof LITERAL; readonly value: string }
  | { readonly type: typeof POUND }
  | { readonly type: typeof ARGUMENT; readonly value: string }
  | {
      readonly type: typeof NUMBER | typeof DATE | typeof TIME;
      readonly value: string;
      readonly style?: Style;
    }
  | { readonly type: typeof SELECT; readonly value: string; readonly options: Choices }
  | {
      readonly type: typeof PLURAL;
      readonly value: string;
      readonly options: Choices;
      readonly offset?: number;
      readonly pluralType?: Intl.PluralRuleType;
    }
  | {
      readonly type: typeof TAG;
      readonly value: string;
      readonly children: readonly MessageElement[];
    };

/** A language's catalog: each message by key, compiled. */
export type CompiledMessages = Readonly<Record<string, readonly MessageElement[]>>;

/** A plain placeholder value: printed, counted or chosen on. */
export type PlainValue = string | number | bigint | boolean | Date | null | undefined;

/** A rich-text tag's value (`<link>Sign up</link>`): given the formatted chunks inside it. */
export type TagFormatter<Rich> = (chunks: (string | Rich)[]) => string | Rich | (string | Rich)[];

/** What `formatMessage` reads: the key, and the English default (the web build strips it). */
export interface MessageToFormat {
  readonly id: string;
  readonly defaultMessage?: string | readonly MessageElement[];
  readonly description?: string | object;
}

/**
 * A language's formatter: the methods of react-intl's `IntlShape` the web app uses, with its
 * signatures and results. `Rich` is what a rich-text value may be: React nodes in the web app
 * (the extension's popup keeps @formatjs/intl, docs/decisions/036).
 */
export interface MessageFormatter<Rich = never> {
  readonly locale: string;
  readonly messages: CompiledMessages;
  /** A message with plain values: a string. */
  formatMessage(message: MessageToFormat, values?: Readonly<Record<string, PlainValue>>): string;
  /** With rich values or tags: a string, one rich value, or an array of both. */
  formatMessage(
    message: MessageToFormat,
    values?: Readonly<Record<string, PlainValue | Rich | TagFormatter<Rich>>>,
  ): string | Rich | (string | Rich)[];
  /** "a, b and c" in the language (`Intl.ListFormat`). */
  formatList(items: Iterable<string>, options?: Intl.ListFormatOptions): string;
  /** A list of rich values too, each kept in its place among the language's words. */
  formatList(
    items: Iterable<string | Rich>,
    options?: Intl.ListFormatOptions,
  ): string | Rich | (string | Rich)[];
}

export interface MessageFormatterConfig<Rich> {
  locale: string;
  messages: CompiledMessages;
  /** The language of the defaults written in the code: English. */
  defaultLocale: string;
  /**
   * A message that could not be formatted (a placeholder without its value, say). A key
   * missing from the catalog is not one: `npm run i18n:check` catches those.
   */
  onError: (error: Error) => void;
  /**
   * What the chunks of a rich-text message become before a tag or the caller gets them:
   * React wants keys on the elements of an array (react-intl's own step).
   */
  keyChunks?: (chunks: (string | Rich)[]) => (string | Rich)[];
}

/** ICU's named styles, as FormatJS defines them. */
const NAMED_STYLES: Readonly<Record<number, Readonly<Record<string, object>>>> = {
  [NUMBER]: {
    integer: { maximumFractionDigits: 0 },
    currency: { style: 'currency' },
    percent: { style: 'percent' },
  },
  [DATE]: {
    short: { month: 'numeric', day: 'numeric', year: '2-digit' },
    medium: { month: 'short', day: 'numeric', year: 'numeric' },
    long: { month: 'long', day: 'numeric', year: 'numeric' },
    full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  },
  [TIME]: {
    short: { hour: 'numeric', minute: 'numeric' },
    medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
    long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
    full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  },
};

/** The Intl objects, made once per language and options: making one costs far more than using it. */
const intlObjects = new Map<string, unknown>();

function cached<T>(
  Make: new (locale: string, options?: object) => T,
  locale: string,
  options?: object,
): T {
  const key = `${Make.name} ${locale} ${JSON.stringify(options)}`;
  let made = intlObjects.get(key) as T | undefined;
  if (made === undefined) intlObjects.set(key, (made = new Make(locale, options)));
  return made;
}

/** Formatted text, or a rich value (a React element) kept as it is. */
type Part<Rich> = { readonly text: true; value: string } | { readonly text: false; value: Rich };

type Values = Readonly<Record<string, unknown>>;

/** The choice a select or a plural takes, else `other`; an error when neither exists. */
function choice(choices: Choices, key: string, name: string): readonly MessageElement[] {
  const chosen = (Object.hasOwn(choices, key) ? choices[key] : undefined) ?? choices.other;
  if (!chosen) throw new Error(`"${name}" has no choice for "${key}"`);
  return chosen.value;
}

/**
 * The parts of a message: intl-messageformat's `formatToParts`, adjacent texts joined.
 * `count` is the plural's number (less its offset) that `#` stands for.
 */
function formatParts<Rich>(
  elements: readonly MessageElement[],
  locale: string,
  values: Values,
  keyChunks: (chunks: (string | Rich)[]) => (string | Rich)[],
  count?: number,
): Part<Rich>[] {
  const parts: Part<Rich>[] = [];
  const add = (value: unknown) => {
    const last = parts.at(-1);
    if (typeof value !== 'string') parts.push({ text: false, value: value as Rich });
    else if (last?.text) last.value += value;
    else parts.push({ text: true, value });
  };
  for (const element of elements) {
    if (element.type === LITERAL) {
      add(element.value);
      continue;
    }
    if (element.type === POUND) {
      if (typeof count === 'number') add(cached(Intl.NumberFormat, locale).format(count));
      continue;
    }
    if (!(element.value in values)) throw new Error(`no value for "${element.value}"`);
    const value = values[element.value];
    switch (element.type) {
      case ARGUMENT:
        // Text as it is, numbers as digits without grouping, nothing for null; a rich value stays.
        add(
          typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
            ? String(value)
            : value || '',
        );
        break;
      case NUMBER:
      case DATE:
      case TIME: {
        const { style } = element;
        const options = (
          typeof style === 'string'
            ? NAMED_STYLES[element.type]?.[style]
            : (style?.parsedOptions ??
              (element.type === TIME ? NAMED_STYLES[TIME]?.medium : undefined))
        ) as { scale?: number } | undefined;
        add(
          element.type === NUMBER
            ? cached(Intl.NumberFormat, locale, options).format(
                options?.scale ? (value as number) * options.scale : (value as number),
              )
            : cached(Intl.DateTimeFormat, locale, options).format(value as Date),
        );
        break;
      }
      case TAG: {
        if (typeof value !== 'function')
          throw new Error(`the tag "${element.value}" needs a function`);
        const inside = formatParts(element.children, locale, values, keyChunks, count);
        const chunks = (value as TagFormatter<Rich>)(keyChunks(inside.map((part) => part.value)));
        for (const chunk of Array.isArray(chunks) ? chunks : [chunks]) add(chunk);
        break;
      }
      case SELECT:
        // As in intl-messageformat, a select's choice does not see an outer plural's `#`.
        for (const part of formatParts(
          choice(element.options, String(value), element.value),
          locale,
          values,
          keyChunks,
        )) {
          add(part.value);
        }
        break;
      case PLURAL: {
        const exact = `=${String(value)}`;
        const number = Number(value) - (element.offset || 0);
        const key = Object.hasOwn(element.options, exact)
          ? exact
          : cached(Intl.PluralRules, locale, { type: element.pluralType }).select(number);
        for (const part of formatParts(
          choice(element.options, key, element.value),
          locale,
          values,
          keyChunks,
          number,
        )) {
          add(part.value);
        }
        break;
      }
    }
  }
  return parts;
}

export function createMessageFormatter<Rich = never>(
  config: MessageFormatterConfig<Rich>,
): MessageFormatter<Rich> {
  const { locale, messages, defaultLocale, onError, keyChunks = (chunks) => chunks } = config;

  /** One string, one rich value, or an array of both, as react-intl returns them. */
  function format(
    elements: string | readonly MessageElement[],
    formatLocale: string,
    values: Values,
  ): string | Rich | (string | Rich)[] {
    // A message in ICU text (a default the build left as it is): no parser ships to parse it.
    if (typeof elements === 'string') throw new Error('it is not compiled');
    const parts = formatParts(elements, formatLocale, values, keyChunks);
    if (parts.length < 2) return parts[0]?.value ?? '';
    return keyChunks(parts.map((part) => part.value));
  }

  function formatMessage(
    message: MessageToFormat,
    values: Values = {},
  ): string | Rich | (string | Rich)[] {
    const { id, defaultMessage } = message;
    const compiled = Object.hasOwn(messages, id) ? messages[id] : undefined;
    const [first, second] = compiled ?? [];
    if (first?.type === LITERAL && !second) return first.value;
    // The catalog's message in its language, else the English default in English.
    for (const [elements, inLocale] of [
      [compiled, locale],
      [defaultMessage, defaultLocale],
    ] as const) {
      if (!elements) continue;
      try {
        return format(elements, inLocale, values);
      } catch (error) {
        onError(new Error(`The message "${id}" could not be formatted: ${String(error)}`));
      }
    }
    // As react-intl falls back: the default's ICU text when it has one, else the key.
    return typeof defaultMessage === 'string' ? defaultMessage : id;
  }

  /** As @formatjs/intl lists: each rich value in by a token, then back in its place. */
  function formatList(
    items: Iterable<string | Rich>,
    options: Intl.ListFormatOptions = {},
  ): string | Rich | (string | Rich)[] {
    const rich = new Map<string, Rich>();
    const words = Array.from(items, (item, index) => {
      if (typeof item !== 'object' || item === null) return String(item);
      const token = `\u{F8FF}${index}\u{F8FF}`;
      rich.set(token, item);
      return token;
    });
    const listFormat = cached(Intl.ListFormat, locale, {
      type: options.type,
      style: options.style,
    });
    const parts: (string | Rich)[] = [];
    for (const { value } of listFormat.formatToParts(words)) {
      const item = rich.get(value);
      const last = parts.at(-1);
      if (item !== undefined) parts.push(item);
      else if (typeof last === 'string') parts[parts.length - 1] = last + value;
      else parts.push(value);
    }
    return parts.length < 2 ? (parts[0] ?? '') : parts;
  }

  return {
    locale,
    messages,
    formatMessage: formatMessage as MessageFormatter<Rich>['formatMessage'],
    formatList: formatList as MessageFormatter<Rich>['formatList'],
  };
}
