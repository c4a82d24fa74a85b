import type { ReactNode } from 'react';
import {
  createMessageFormatter,
  DEFAULT_LOCALE,
  textDirection,
  type CatalogLocale,
  type CatalogPart,
  type MessageFormatter,
} from '@netpulse/i18n';
import { loadMessages, type Messages } from './catalogs';
import { keyedChunks } from './keyed-chunks';

/** The page's formatter: rich-text messages give React nodes (docs/decisions/036). */
export type PageFormatter = MessageFormatter<ReactNode>;

/** A formatter of `messages` in `locale`: the page's, or a test's in a language of its own. */
export function formatterFor(locale: CatalogLocale, messages: Messages): PageFormatter {
  return createMessageFormatter<ReactNode>({
    locale,
    messages,
    defaultLocale: DEFAULT_LOCALE,
    // A message that could not be formatted; a missing one is `npm run i18n:check`'s to catch.
    onError: (error) => console.error(error),
    keyChunks: keyedChunks,
  });
}

let active: PageFormatter = formatterFor(DEFAULT_LOCALE, {});
const listeners = new Set<() => void>();

/**
 * The catalog's parts the page has asked for (catalog-parts.ts): `start` always, `rest` and a
 * screen's own part once a screen needs them (`ensureCatalogPart`); a change of language loads
 * them all.
 */
const wantedParts = new Set<CatalogPart>(['start']);
/** The parts `active` holds, or that are on their way, for its language. */
let partsOfActive: { locale: string; parts: Map<CatalogPart, Promise<void>> } = {
  locale: DEFAULT_LOCALE,
  parts: new Map(),
};

function show(locale: CatalogLocale, messages: Messages): void {
  active = formatterFor(locale, messages);
  applyToDocument(locale);
  for (const listener of listeners) listener();
}

/**
 * The one formatter of the page: React reads it through the provider, and the code outside
 * components (toasts, the API client's messages) through `intl()`, so both always speak the
 * same language.
 */
export function intl(): PageFormatter {
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
 * Sets the page's first language: with the catalog's `parts` at hand in `messages` (the build's
 * prerender renders with every part), or none yet, for `ensureCatalogPart` to load.
 */
export function startInLocale(
  locale: CatalogLocale,
  messages: Messages = {},
  parts: readonly CatalogPart[] = [],
): void {
  active = formatterFor(locale, messages);
  for (const part of parts) wantedParts.add(part);
  partsOfActive = { locale, parts: new Map(parts.map((part) => [part, Promise.resolve()])) };
  if (typeof document !== 'undefined') applyToDocument(locale);
}

/**
 * A part of the page's language's catalog: the lazy screens wait for `rest` and their own part,
 * the console for `console`, before they render (apps/web/src/app/router.tsx), so none shows a
 * key for a text.
 */
export function ensureCatalogPart(part: CatalogPart): Promise<void> {
  wantedParts.add(part);
  const locale = active.locale as CatalogLocale;
  if (partsOfActive.locale !== locale) partsOfActive = { locale, parts: new Map() };
  const { parts } = partsOfActive;
  const known = parts.get(part);
  if (known) return known;
  const loading = loadMessages(locale, [part]).then((messages) => {
    // Still the language shown: a switch meanwhile loads every wanted part of its own.
    if (active.locale === locale) show(locale, { ...(active.messages as Messages), ...messages });
  });
  parts.set(part, loading);
  loading.catch(() => {
    if (parts.get(part) === loading) parts.delete(part);
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
      const parts = [...wantedParts];
      const loading = loadMessages(locale, parts);
      const loaded = loading.then(() => {});
      partsOfActive = { locale, parts: new Map(parts.map((part) => [part, loaded])) };
      show(locale, await loading);
    });
  return switching;
}
