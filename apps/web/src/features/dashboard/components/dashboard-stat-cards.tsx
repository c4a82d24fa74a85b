import { questTally, type DashboardStats, type UserProfile } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { formatPoints } from '@/lib/format-number';

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
  const points = (value: number | undefined) =>
    value !== undefined ? formatPoints(value) : undefined;
  const quests = profile && questTally(profile.quest_completed, offeredQuestPlatforms());
  return (
    <StatGrid>
      <StatCard
        label="Today's Earnings"
        value={points(stats?.todayEarnings)}
        failed={statsFailed}
        unit="Bytes"
        testId="stat-today-earnings"
      />
      <StatCard
        label="Cycle Earnings"
        value={points(stats?.seasonEarnings)}
        failed={statsFailed}
        unit="Bytes"
        testId="stat-cycle-earnings"
      />
      <StatCard
        label="Quests Completed"
        value={quests && `${quests.completed}/${quests.total}`}
        failed={profileFailed}
        testId="stat-quest-completed"
      />
      <StatCard
        label="Total Earnings"
        value={points(stats?.totalPoints)}
        failed={statsFailed}
        unit="Bytes"
        testId="stat-total-earnings"
      />
    </StatGrid>
  );
}
