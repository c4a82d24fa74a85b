import type { CatalogPart } from './catalog-parts';
import type { CatalogLocale } from './locales';

type CatalogModule = { default: unknown };
type Loaders = Record<CatalogLocale, () => Promise<CatalogModule>>;

/**
 * The same catalogs in the web app's parts (catalog-parts.ts): its build cuts each JSON
 * module by the `part` query (apps/web/catalog-parts-plugin.ts); elsewhere a part is the whole.
 */
const PART_LOADERS: Record<CatalogPart, Loaders> = {
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
  console: {
    en: () => import('../compiled/en.json?part=console'),
    es: () => import('../compiled/es.json?part=console'),
    'pt-BR': () => import('../compiled/pt-BR.json?part=console'),
    ru: () => import('../compiled/ru.json?part=console'),
    tr: () => import('../compiled/tr.json?part=console'),
    vi: () => import('../compiled/vi.json?part=console'),
    'zh-CN': () => import('../compiled/zh-CN.json?part=console'),
    ar: () => import('../compiled/ar.json?part=console'),
    'en-XA': () => import('../compiled/en-XA.json?part=console'),
  },
  explorer: {
    en: () => import('../compiled/en.json?part=explorer'),
    es: () => import('../compiled/es.json?part=explorer'),
    'pt-BR': () => import('../compiled/pt-BR.json?part=explorer'),
    ru: () => import('../compiled/ru.json?part=explorer'),
    tr: () => import('../compiled/tr.json?part=explorer'),
    vi: () => import('../compiled/vi.json?part=explorer'),
    'zh-CN': () => import('../compiled/zh-CN.json?part=explorer'),
    ar: () => import('../compiled/ar.json?part=explorer'),
    'en-XA': () => import('../compiled/en-XA.json?part=explorer'),
  },
};

export async function loadCatalogPart(locale: CatalogLocale, part: CatalogPart): Promise<unknown> {
  return (await PART_LOADERS[part][locale]()).default;
}
