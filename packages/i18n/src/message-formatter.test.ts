import { createIntl } from '@formatjs/intl';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './load-catalog';
import { LOCALES, PSEUDO_LOCALE, type CatalogLocale } from './locales';
import {
  createMessageFormatter,
  type CompiledMessages,
  type MessageElement,
} from './message-formatter';

/** A rich-text tag's stand-in: what it was given, so both formatters' chunks can be compared. */
const tag = (name: string) => (chunks: unknown[]) => ({ tag: name, chunks });

/** The placeholders of a message by how it uses them: the choices of a select, counted or not. */
interface Placeholders {
  counted: Set<string>;
  chosen: Map<string, Set<string>>;
  plain: Set<string>;
  tags: Set<string>;
}

function placeholdersOf(
  elements: readonly MessageElement[],
  found: Placeholders = {
    counted: new Set(),
    chosen: new Map(),
    plain: new Set(),
    tags: new Set(),
  },
): Placeholders {
  for (const element of elements) {
    if (element.type === 0 || element.type === 7) continue;
    const { value: name } = element;
    if (element.type === 1) found.plain.add(name);
    else if (element.type === 8) {
      found.tags.add(name);
      placeholdersOf(element.children, found);
    } else if (element.type === 5) {
      const choices = found.chosen.get(name) ?? new Set<string>();
      for (const [key, { value }] of Object.entries(element.options)) {
        choices.add(key);
        placeholdersOf(value, found);
      }
      found.chosen.set(name, choices);
    } else {
      // Plurals, numbers, dates and times all take a number (a date as its timestamp).
      found.counted.add(name);
      if (element.type === 6) {
        for (const [key, { value }] of Object.entries(element.options)) {
          if (key.startsWith('=')) found.chosen.set(name, new Set([key.slice(1)]));
          placeholdersOf(value, found);
        }
      }
    }
  }
  return found;
}

/** Counts that reach every plural form of every language (Russian's few and many, Arabic's six). */
const COUNTS = [
  0, 1, 2, 3, 4, 5, 7, 11, 12, 14, 21, 22, 25, 100, 101, 102, 111, 1000, 1.5, 1234567,
];

/**
 * The values a message is formatted with: one set with every placeholder filled, then one
 * changed placeholder at a time through its counts or choices (and a choice it does not have).
 */
function sampleValues(placeholders: Placeholders): Record<string, unknown>[] {
  const base: Record<string, unknown> = {};
  for (const name of placeholders.plain) base[name] = `‹${name}›`;
  for (const name of placeholders.counted) base[name] = 3;
  for (const [name, choices] of placeholders.chosen) {
    if (!placeholders.counted.has(name)) base[name] = [...choices][0];
  }
  for (const name of placeholders.tags) base[name] = tag(name);
  const samples = [base];
  for (const name of placeholders.counted) {
    const exact = [...(placeholders.chosen.get(name) ?? [])].map(Number);
    for (const count of [...COUNTS, ...exact]) samples.push({ ...base, [name]: count });
  }
  for (const [name, choices] of placeholders.chosen) {
    if (placeholders.counted.has(name)) continue;
    for (const choice of [...choices, 'not-a-choice']) samples.push({ ...base, [name]: choice });
  }
  // A placeholder given an element instead of text: the result is an array of parts.
  for (const name of placeholders.plain) samples.push({ ...base, [name]: { element: name } });
  return samples;
}

describe('createMessageFormatter', () => {
  it.each<CatalogLocale>([...LOCALES, PSEUDO_LOCALE])(
    'formats every message of the %s catalog as @formatjs/intl does, plurals and tags too',
    async (locale) => {
      const messages = (await loadCatalog(locale)) as CompiledMessages;
      const errors: Error[] = [];
      const ours = createMessageFormatter<unknown>({
        locale,
        messages,
        defaultLocale: 'en',
        onError: (error) => errors.push(error),
      });
      const theirs = createIntl<unknown>({
        locale,
        messages: messages as never,
        defaultLocale: 'en',
        onError: (error) => errors.push(error),
      });
      let compared = 0;
      for (const [id, elements] of Object.entries(messages)) {
        for (const values of sampleValues(placeholdersOf(elements))) {
          const expected = theirs.formatMessage({ id }, values as never);
          expect(ours.formatMessage({ id }, values as never), `${id} ${String(values)}`).toEqual(
            expected,
          );
          compared += 1;
        }
      }
      expect(errors).toEqual([]);
      // Every message, most of them more than once.
      expect(compared).toBeGreaterThan(Object.keys(messages).length * 2);
    },
  );

  // No catalog has these yet; a message that comes to need one formats as react-intl did.
  it.each([
    ['{n, number, percent} {n, number, integer} {n, number}', { n: 0.256 }],
    ['{n, number, ::currency/EUR} {n, number, ::percent scale/100 .0}', { n: 1234.5 }],
    [
      '{d, date} {d, date, short} {d, date, full} {d, date, ::yyyyMMMd}',
      { d: new Date(2026, 10, 26) },
    ],
    ['{d, time} {d, time, short} {d, time, ::Hm}', { d: new Date(2026, 10, 26, 18, 5, 9) }],
    [
      '{n, plural, offset:1 =0 {none} =1 {you} one {you and # other} other {you and # others}}',
      { n: 3 },
    ],
    [
      '{n, plural, offset:1 =0 {none} =1 {you} one {you and # other} other {you and # others}}',
      { n: 2 },
    ],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 23 }],
    [
      '{n, plural, other {{kind, select, node {# nodes} other {# of them}}}}',
      { n: 4, kind: 'node' },
    ],
    [
      '{who} <b>{n, plural, one {# <i>one</i>} other {# <i>more</i>}}</b>',
      { who: { el: 1 }, n: 2 },
    ],
    ['{a}{b}{c}{d}', { a: null, b: false, c: 0, d: undefined }],
  ])('formats %s as @formatjs/intl does', (text, values) => {
    const messages = { message: parse(text) as unknown as MessageElement[] };
    const config = {
      locale: 'ar',
      messages,
      defaultLocale: 'en',
      onError: (error: Error) => {
        throw error;
      },
    };
    const all = { b: tag('b'), i: tag('i'), ...values } as never;
    const ours = createMessageFormatter<unknown>(config).formatMessage({ id: 'message' }, all);
    const theirs = createIntl<unknown>(config as never).formatMessage({ id: 'message' }, all);
    expect(ours).not.toBe('message');
    expect(ours).toEqual(theirs);
  });

  const ruCount = {
    id: 'count',
    defaultMessage: [
      {
        type: 6,
        value: 'count',
        offset: 0,
        pluralType: 'cardinal',
        options: {
          one: { value: [{ type: 7 }, { type: 0, value: ' узел' }] },
          few: { value: [{ type: 7 }, { type: 0, value: ' узла' }] },
          many: { value: [{ type: 7 }, { type: 0, value: ' узлов' }] },
          other: { value: [{ type: 7 }, { type: 0, value: ' узла' }] },
        },
      },
    ],
  } as const;

  it("declines a count by the language's rules, in the catalog's language", () => {
    const ru = createMessageFormatter({
      locale: 'ru',
      messages: { count: ruCount.defaultMessage },
      defaultLocale: 'en',
      onError: (error) => {
        throw error;
      },
    });
    expect([1, 3, 5, 21, 1.5].map((count) => ru.formatMessage(ruCount, { count }))).toEqual([
      '1 узел',
      '3 узла',
      '5 узлов',
      '21 узел',
      '1,5 узла',
    ]);
  });

  it('falls back as react-intl does: the default in English, else the key; a bad value is reported', () => {
    const errors: Error[] = [];
    const ru = createMessageFormatter({
      locale: 'ru',
      messages: {},
      defaultLocale: 'en',
      onError: (error) => errors.push(error),
    });
    // The default is formatted in English, as react-intl does: its digits and its plural rules.
    expect(ru.formatMessage(ruCount, { count: 1500 })).toBe('1,500 узла');
    expect(ru.formatMessage({ id: 'nowhere' })).toBe('nowhere');
    expect(errors).toEqual([]);
    expect(ru.formatMessage(ruCount)).toBe('count');
    expect(ru.formatMessage({ id: 'text', defaultMessage: 'Hello {name}' }, { name: 'x' })).toBe(
      'Hello {name}',
    );
    expect(errors.map((error) => error.message)).toEqual([
      'The message "count" could not be formatted: Error: no value for "count"',
      'The message "text" could not be formatted: Error: it is not compiled',
    ]);
  });

  it('gives rich chunks and results through keyChunks, and lists in the language', () => {
    const formatter = createMessageFormatter<{ key: number; value: unknown }>({
      locale: 'en',
      messages: {
        link: [
          { type: 0, value: 'Go ' },
          { type: 8, value: 'a', children: [{ type: 1, value: 'where' }] },
        ],
      },
      defaultLocale: 'en',
      onError: (error) => {
        throw error;
      },
      keyChunks: (chunks) => chunks.map((value, key) => ({ key, value })),
    });
    expect(
      formatter.formatMessage(
        { id: 'link' },
        { where: 'home', a: (chunks) => ({ key: -1, value: chunks }) },
      ),
    ).toEqual([
      { key: 0, value: 'Go ' },
      { key: 1, value: { key: -1, value: [{ key: 0, value: 'home' }] } },
    ]);
    expect(formatter.formatList(['a', 'b', 'c'])).toBe('a, b, and c');
    expect(formatter.formatList(['a', 'b'], { type: 'unit' })).toBe('a, b');
  });

  it.each([
    ['ar', ['a', 'b', 'c']],
    ['ru', [{ el: 'a' }, 'b', { el: 'c' }]],
    ['zh-CN', [{ el: 'a' }, { el: 'b' }]],
    ['en', [{ el: 'a' }]],
    ['en', []],
  ])('lists in %s as @formatjs/intl does, elements kept in their places: %j', (locale, items) => {
    const config = { locale, messages: {}, defaultLocale: 'en', onError: () => {} };
    for (const type of ['conjunction', 'disjunction', 'unit'] as const) {
      expect(createMessageFormatter<unknown>(config).formatList(items, { type })).toEqual(
        createIntl<unknown>(config).formatList(items, { type }),
      );
    }
  });
});
