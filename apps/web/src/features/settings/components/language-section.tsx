import { useSaveAccountLocale } from '@/api/save-account-locale';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { Panel } from '@/components/ui/panel';
import { useIntl } from '@/lib/i18n/use-intl';

/** Language: the account's, for its pages and its mails, saved as the account menu saves it. */
export function LanguageSection() {
  const intl = useIntl();
  const saveLocale = useSaveAccountLocale();
  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.language', defaultMessage: 'Language' })}
      testId="settings-language"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'settings.languageExplained',
            defaultMessage: 'The language of these pages and of the mails we send you.',
          })}
        </p>
        <LanguageSwitcher
          className="w-full sm:w-56 sm:shrink-0"
          onChosen={(locale) => saveLocale.mutate(locale)}
        />
      </div>
    </Panel>
  );
}
