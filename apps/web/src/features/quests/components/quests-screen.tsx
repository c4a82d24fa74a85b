import { PageHeading } from '@/components/ui/page-heading';
import { useUserProfile } from '@/api/get-user-profile';
import { useIntl } from '@/lib/i18n/use-intl';
import { useQuestConstants } from '@/features/quests/api/get-quest-constants';
import { useRefreshProfileOnFocus } from '@/features/quests/hooks/use-refresh-profile-on-focus';
import { useSocialReturn } from '@/features/quests/hooks/use-social-return';
import { DailyStreakPanel } from './daily-streak-panel';
import { QuestStatCards } from './quest-stat-cards';
import { ReferralQuestsPanel } from './referral-quests-panel';
import { SocialQuestsPanel } from './social-quests-panel';

/**
 * The Quests screen (spec section 2): the Daily Claim and Streak, the referral
 * and social quests, Total Earned and Quest Completed. It also finishes the
 * X, Discord and Telegram logins that come back to it.
 */
export function QuestsScreen() {
  const intl = useIntl();
  const { data: profile, isError: profileFailed } = useUserProfile();
  const { data: constants } = useQuestConstants();
  useSocialReturn();
  useRefreshProfileOnFocus();

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title={intl.formatMessage({ id: 'quests.title', defaultMessage: 'Quests' })} />
      <QuestStatCards profile={profile} failed={profileFailed} />
      {/* items-start: each panel is as tall as its content, not stretched to its neighbour. */}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <DailyStreakPanel profile={profile} profileFailed={profileFailed} constants={constants} />
        <ReferralQuestsPanel
          profile={profile}
          profileFailed={profileFailed}
          constants={constants}
        />
      </div>
      <SocialQuestsPanel profile={profile} profileFailed={profileFailed} constants={constants} />
    </section>
  );
}
