import { questTally, type UserProfile } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';

interface QuestStatCardsProps {
  /** Undefined while the profile loads. */
  profile: UserProfile | undefined;
  /** The profile could not be loaded: the cards show a dash, not a placeholder. */
  failed: boolean;
}

/** Total Earned (the profile's points) and Quests Completed (n of the quests offered here). */
export function QuestStatCards({ profile, failed }: QuestStatCardsProps) {
  const intl = useIntl();
  const quests = profile && questTally(profile.quest_completed, offeredQuestPlatforms());
  return (
    <StatGrid columns={2}>
      <StatCard
        label={intl.formatMessage({ id: 'quests.totalEarned', defaultMessage: 'Total Earned' })}
        value={profile && formatPoints(profile.points)}
        failed={failed}
        unit="Bytes"
        testId="quest-total-earned"
      />
      <StatCard
        label={intl.formatMessage({
          id: 'quests.questsCompleted',
          defaultMessage: 'Quests Completed',
        })}
        value={quests && `${quests.completed}/${quests.total}`}
        failed={failed}
        testId="quest-completed"
      />
    </StatGrid>
  );
}
