import { useSyncExternalStore } from 'react';
import { intl, subscribeToLocale, type PageFormatter } from './active-locale';

/**
 * The page's formatter in a component, which renders again when the language changes. It
 * reads the one formatter `intl()` gives the code outside components, so no provider is
 * needed (a component renders the same in a test, a prerender and the page).
 */
export function useIntl(): PageFormatter {
  return useSyncExternalStore(subscribeToLocale, intl, intl);
}
