import { PageHeading } from '@/components/ui/page-heading';
import { useIntl } from '@/lib/i18n/use-intl';
import { LanguageSection } from './language-section';
import { NotificationsSection } from './notifications-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';
import { SessionsSection } from './sessions-section';
import { YourDataSection } from './your-data-section';

/**
 * The Account screen (issue 29), opened from the account menu: the profile, how the account
 * signs in, the browsers signed in to it, what it is told where (notifications), its language, and its data. Each section reads and
 * writes on its own, so one that fails to load leaves the others usable.
 */
export function SettingsScreen() {
  const intl = useIntl();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="settings">
      <PageHeading
        title={intl.formatMessage({ id: 'settings.title', defaultMessage: 'Account settings' })}
      />
      <ProfileSection />
      <SecuritySection />
      <SessionsSection />
      <NotificationsSection />
      <LanguageSection />
      <YourDataSection />
    </section>
  );
}
