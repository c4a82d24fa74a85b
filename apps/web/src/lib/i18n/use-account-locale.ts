import { useEffect } from 'react';
import { PSEUDO_LOCALE, type Locale } from '@netpulse/i18n';
import { chooseLocale } from './locale-choice';
import { intl } from './active-locale';

/**
 * Signed in, the account's language wins (docs/ARCHITECTURE.md section 13): once the profile
 * says which it is, the page shows it, and the browser keeps it for the next signed-out page.
 * A browser that asks for the pseudo-locale (the tests' sweep) keeps it: no account has it.
 */
export function useAccountLocale(accountLocale: Locale | undefined): void {
  useEffect(() => {
    const shown = intl().locale;
    if (accountLocale !== undefined && accountLocale !== shown && shown !== PSEUDO_LOCALE) {
      void chooseLocale(accountLocale);
    }
  }, [accountLocale]);
}
