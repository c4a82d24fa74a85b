import type { CatalogPart } from './catalog-parts';
import type { CatalogLocale } from './locales';

type CatalogModule = { default: unknown };
type Loaders = Record<CatalogLocale, () => Promise<CatalogModule>>;

/**
 * One module per language, so that a bundler makes each its own chunk and a page (the
 * extension's popup) downloads only the catalog of the language it shows. The catalogs are
 * compiled to ICU syntax trees (`npm run i18n:compile`): the caller casts them to its
 * formatter's message type.
 */
const CATALOGS: Loaders = {
  en: () => import('../compiled/en.json'),
  es: () => import('../compiled/es.json'),
  'pt-BR': () => import('../compiled/pt-BR.json'),
  ru: () => import('../compiled/ru.json'),
  tr: () => import('../compiled/tr.json'),
  vi: () => import('../compiled/vi.json'),
  'zh-CN': () => import('../compiled/zh-CN.json'),
  ar: () => import('../compiled/ar.json'),
  'en-XA': () => import('../compiled/en-XA.json'),
};

/**
 * The same catalogs in the web app's two parts (catalog-parts.ts): its build cuts each JSON
 * module by the `part` query (apps/web/catalog-parts-plugin.ts); elsewhere a part is the whole.
 */
const CATALOG_PARTS: Record<CatalogPart, Loaders> = {
  start: {
    en: () => import('../compiled/en.json?part=start'),
    es: () => import('../compiled/es.json?part=start'),
    'pt-BR': () => import('../compiled/pt-BR.json?part=start'),
    ru: () => import('../compiled/ru.json?part=start'),
    tr: () => import('../compiled/tr.json?part=start'),
    vi: () => import('../compiled/vi.json?part=start'),
    'zh-CN': () => import('../compiled/zh-CN.json?part=start'),
    ar: () => import('../compiled/ar.json?part=start'),
    'en-XA': () => import('../compiled/en-XA.json?part=start'),
  },
  rest: {
    en: () => import('../compiled/en.json?part=rest'),
    es: () => import('../compiled/es.json?part=rest'),
    'pt-BR': () => import('../compiled/pt-BR.json?part=rest'),
    ru: () => import('../compiled/ru.json?part=rest'),
    tr: () => import('../compiled/tr.json?part=rest'),
    vi: () => import('../compiled/vi.json?part=rest'),
    'zh-CN': () => import('../compiled/zh-CN.json?part=rest'),
    ar: () => import('../compiled/ar.json?part=rest'),
    'en-XA': () => import('../compiled/en-XA.json?part=rest'),
  },
};

export async function loadCatalog(locale: CatalogLocale): Promise<unknown> {
  return (await CATALOGS[locale]()).default;
}

export async function loadCatalogPart(locale: CatalogLocale, part: CatalogPart): Promise<unknown> {
  return (await CATALOG_PARTS[part][locale]()).default;
}
