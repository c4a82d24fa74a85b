import { QUESTS_TOTAL, type UserProfile } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { formatPoints } from '@/lib/format-number';

interface QuestStatCardsProps {
  /** Undefined while the profile loads. */
  profile: UserProfile | undefined;
  /** The profile could not be loaded: the cards show a dash, not a placeholder. */
  failed: boolean;
}

/** Total Earned (the profile's points) and Quest Completed (n/19) (spec section 2). */
export function QuestStatCards({ profile, failed }: QuestStatCardsProps) {
  return (
    <StatGrid columns={2}>
      <StatCard
        label="Total Earned"
        value={profile && `${formatPoints(profile.points)} Bytes`}
        failed={failed}
        testId="quest-total-earned"
      />
      <StatCard
        label="Quest Completed"
        value={profile && `${profile.quest_completed}/${QUESTS_TOTAL}`}
        failed={failed}
        testId="quest-completed"
      />
    </StatGrid>
  );
}
