import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@netpulse/i18n';
import { useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { chooseLocale } from '@/lib/i18n/locale-choice';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * The page's language, each named in itself ("Español", "Русский", "العربية") so that a
 * person finds theirs whatever the page shows now. The choice applies at once and is kept
 * for the next visit; `onChosen` saves it further (the account menu saves it to the account).
 * The names are drawn in the system's font: in the app's, the letters of every language would
 * fetch every script's font face on every page that shows the switcher.
 */
export function LanguageSwitcher({
  onChosen,
  className,
}: {
  onChosen?: (locale: Locale) => void;
  className?: string;
}) {
  const intl = useIntl();
  const selectId = useId();
  const shown = isLocale(intl.locale) ? intl.locale : 'en';
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={selectId} className="sr-only">
        {intl.formatMessage({ id: 'language.label', defaultMessage: 'Language' })}
      </label>
      <select
        id={selectId}
        value={shown}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          void chooseLocale(locale);
          onChosen?.(locale);
        }}
        className="block min-h-11 w-full appearance-none rounded-lg border border-line font-[system-ui,sans-serif] bg-surface-raised py-2 ps-3 pe-9 text-sm text-ink transition-colors hover:border-ink-muted"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
    </div>
  );
}
