/// <reference types="vite/client" />
import type { CatalogPart } from './catalog-parts';
import type { CatalogLocale } from './locales';
import type { CatalogLoaders } from './screen-catalog-loaders';

/**
 * The catalogs in the web app's parts (catalog-parts.ts): its build cuts each JSON module by the
 * `part` query (apps/web/catalog-parts-plugin.ts), each language's part a chunk of its own.
 * Vite reads each glob at build time, so each is spelled out with its part. The parts of the
 * first pages (/login, /dashboard, the explorer, the console) are loaded from here; the other
 * screens' from a module of their own, so every first page does not carry the addresses of
 * every language's every part (about 17 bytes each).
 */
const FIRST_PAGES_LOADERS: Partial<Record<CatalogPart, CatalogLoaders>> = {
  start: import.meta.glob('../compiled/*.json', { query: '?part=start', import: 'default' }),
  rest: import.meta.glob('../compiled/*.json', { query: '?part=rest', import: 'default' }),
  console: import.meta.glob('../compiled/*.json', { query: '?part=console', import: 'default' }),
  explorer: import.meta.glob('../compiled/*.json', { query: '?part=explorer', import: 'default' }),
};

export async function loadCatalogPart(locale: CatalogLocale, part: CatalogPart): Promise<unknown> {
  const loaders =
    FIRST_PAGES_LOADERS[part] ?? (await import('./screen-catalog-loaders')).SCREEN_LOADERS[part];
  const load = loaders?.[`../compiled/${locale}.json`];
  if (!load) throw new Error(`The catalogs have no ${part} part in ${locale}`);
  return load();
}
