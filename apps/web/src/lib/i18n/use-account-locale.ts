import { useEffect } from 'react';
import type { Locale } from '@netpulse/i18n';
import { chooseLocale } from './locale-choice';
import { intl } from './active-locale';

/**
 * Signed in, the account's language wins (docs/ARCHITECTURE.md section 13): once the profile
 * says which it is, the page shows it, and the browser keeps it for the next signed-out page.
 */
export function useAccountLocale(accountLocale: Locale | undefined): void {
  useEffect(() => {
    if (accountLocale !== undefined && accountLocale !== intl().locale) {
      void chooseLocale(accountLocale);
    }
  }, [accountLocale]);
}
