import type { CatalogLocale } from '@netpulse/i18n';
import type { MessageFormatElement } from 'react-intl';

/** A compiled catalog: each message already parsed, so no ICU parser ships (`npm run i18n:compile`). */
export type Messages = Record<string, MessageFormatElement[]>;

type CatalogModule = { default: unknown };

/** One chunk per language: a page downloads only the catalog of the language it shows. */
const CATALOGS: Record<CatalogLocale, () => Promise<CatalogModule>> = {
  en: () => import('@netpulse/i18n/compiled/en.json'),
  es: () => import('@netpulse/i18n/compiled/es.json'),
  'pt-BR': () => import('@netpulse/i18n/compiled/pt-BR.json'),
  ru: () => import('@netpulse/i18n/compiled/ru.json'),
  tr: () => import('@netpulse/i18n/compiled/tr.json'),
  vi: () => import('@netpulse/i18n/compiled/vi.json'),
  'zh-CN': () => import('@netpulse/i18n/compiled/zh-CN.json'),
  ar: () => import('@netpulse/i18n/compiled/ar.json'),
  'en-XA': () => import('@netpulse/i18n/compiled/en-XA.json'),
};

export async function loadMessages(locale: CatalogLocale): Promise<Messages> {
  const catalog = await CATALOGS[locale]();
  return catalog.default as Messages;
}
