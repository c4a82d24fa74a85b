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

export async function loadCatalog(locale: CatalogLocale): Promise<unknown> {
  return (await CATALOGS[locale]()).default;
}
