import { questTally, type DashboardStats, type UserProfile } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';

interface DashboardStatCardsProps {
  stats: DashboardStats | undefined;
  profile: UserProfile | undefined;
  /** The stats (or the profile) could not be loaded: their cards show a dash, not a placeholder. */
  statsFailed: boolean;
  profileFailed: boolean;
}

/** The four stat cards of the dashboard (spec section 2). */
export function DashboardStatCards({
  stats,
  profile,
  statsFailed,
  profileFailed,
}: DashboardStatCardsProps) {
  const intl = useIntl();
  // A product term, named the same in every language; a message all the same, so the pseudo-locale marks it.
  const bytes = intl.formatMessage({ id: 'dashboard.unitBytes', defaultMessage: 'Bytes' });
  const points = (value: number | undefined) =>
    value !== undefined ? formatPoints(value) : undefined;
  const quests = profile && questTally(profile.quest_completed, offeredQuestPlatforms());
  return (
    <StatGrid>
      <StatCard
        label={intl.formatMessage({
          id: 'dashboard.todayEarnings',
          defaultMessage: "Today's Earnings",
        })}
        value={points(stats?.todayEarnings)}
        failed={statsFailed}
        unit={bytes}
        testId="stat-today-earnings"
      />
      <StatCard
        label={intl.formatMessage({
          id: 'dashboard.cycleEarnings',
          defaultMessage: 'Cycle Earnings',
        })}
        value={points(stats?.seasonEarnings)}
        failed={statsFailed}
        unit={bytes}
        testId="stat-cycle-earnings"
      />
      <StatCard
        label={intl.formatMessage({
          id: 'dashboard.questsCompleted',
          defaultMessage: 'Quests Completed',
        })}
        value={quests && `${quests.completed}/${quests.total}`}
        failed={profileFailed}
        testId="stat-quest-completed"
      />
      <StatCard
        label={intl.formatMessage({
          id: 'dashboard.totalEarnings',
          defaultMessage: 'Total Earnings',
        })}
        value={points(stats?.totalPoints)}
        failed={statsFailed}
        unit={bytes}
        testId="stat-total-earnings"
      />
    </StatGrid>
  );
}
