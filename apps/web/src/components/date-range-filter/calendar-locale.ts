import type { CatalogLocale } from '@netpulse/i18n';
import type { DayPickerProps } from 'react-day-picker';

/** What react-day-picker takes as `locale`: date-fns's locale with the calendar's own labels. */
export type CalendarLocale = NonNullable<DayPickerProps['locale']>;

/**
 * The month and day names, the first day of the week and the navigation's labels of each
 * language: one chunk per language, loaded with the calendar and only for the page's
 * language. English (and the pseudo-locale) is react-day-picker's default and loads nothing.
 */
const LOADERS: Record<Exclude<CatalogLocale, 'en' | 'en-XA'>, () => Promise<CalendarLocale>> = {
  es: async () => (await import('react-day-picker/locale/es')).es,
  'pt-BR': async () => (await import('react-day-picker/locale/pt-BR')).ptBR,
  ru: async () => (await import('react-day-picker/locale/ru')).ru,
  tr: async () => (await import('react-day-picker/locale/tr')).tr,
  vi: async () => (await import('react-day-picker/locale/vi')).vi,
  'zh-CN': async () => (await import('react-day-picker/locale/zh-CN')).zhCN,
  ar: async () => (await import('react-day-picker/locale/ar')).ar,
};

const loading = new Map<string, Promise<CalendarLocale | undefined>>();

/**
 * The calendar locale of a page language, one promise per language so React's `use()` can
 * wait on it (the calendar's Suspense shows "Loading calendar…" meanwhile); undefined for
 * English.
 */
export function calendarLocale(locale: string): Promise<CalendarLocale | undefined> {
  let promise = loading.get(locale);
  if (!promise) {
    const load = LOADERS[locale as keyof typeof LOADERS] as
      (() => Promise<CalendarLocale>) | undefined;
    // English needs no chunk: a promise already marked fulfilled, as React's use() marks the
    // ones it has seen settle, so the English calendar opens without a loading frame.
    promise = load
      ? load()
      : Object.assign(Promise.resolve(undefined), { status: 'fulfilled', value: undefined });
    // A failed chunk (offline) may load on the next opening.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}
