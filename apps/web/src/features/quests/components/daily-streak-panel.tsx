import {
  CLAIM_TOASTS,
  displayedStreakBonus,
  isStreakMilestoneClaimable,
  STREAK_BONUS_POINTS,
  STREAK_MILESTONES,
  streakBarPercent,
  type QuestConstants,
  type StreakMilestone,
  type UserProfile,
} from '@netpulse/shared';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { DailyClaimItem } from '@/components/daily-claim/daily-claim-item';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { LoadingState } from '@/components/ui/spinner';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { questMessages } from '@/features/quests/quest-messages';
import { useStreakMilestoneClaim } from '@/features/quests/api/claim-streak-milestone';
import { useQuestRequestPending } from '@/features/quests/api/quest-request';
import { claimErrorToast, showQuestToast } from '@/features/quests/quest-toasts';
import { StreakMilestonesDialog } from './streak-milestones-dialog';

const LAST_MILESTONE = STREAK_MILESTONES[STREAK_MILESTONES.length - 1] ?? 28;

interface DailyStreakPanelProps {
  profile: UserProfile | undefined;
  profileFailed: boolean;
  constants: QuestConstants | undefined;
  className?: string;
}

/** The Daily Claim and the Daily Streak with its four milestones (spec sections 2 and 4). */
export function DailyStreakPanel({
  profile,
  profileFailed,
  constants,
  className,
}: DailyStreakPanelProps) {
  const intl = useIntl();
  return (
    <Panel
      title={intl.formatMessage({ id: 'quests.dailyCheckIn', defaultMessage: 'Daily Check-in' })}
      className={className}
      testId="daily-check-in"
    >
      <div className="flex flex-col gap-4">
        <DailyClaimItem profile={profile} />
        {profile ? (
          <DailyStreak profile={profile} constants={constants} />
        ) : profileFailed ? (
          <p className="text-sm text-ink-muted">
            {intl.formatMessage({
              id: 'quests.streakFailed',
              defaultMessage: 'Your streak could not be loaded.',
            })}
          </p>
        ) : (
          <LoadingState
            label={intl.formatMessage({
              id: 'quests.streakLoading',
              defaultMessage: 'Loading your streak…',
            })}
            className="py-8"
          />
        )}
      </div>
    </Panel>
  );
}

function DailyStreak({
  profile,
  constants,
}: {
  profile: UserProfile;
  constants: QuestConstants | undefined;
}) {
  const intl = useIntl();
  const [milestonesOpen, setMilestonesOpen] = useState(false);
  const streak = profile.daily_streaks;
  const bonuses: Record<number, number> = constants?.STREAK_BONUS_POINTS
    ? Object.fromEntries(
        Object.entries(constants.STREAK_BONUS_POINTS).map(([day, points]) => [Number(day), points]),
      )
    : STREAK_BONUS_POINTS;

  return (
    <div
      data-testid="daily-streak"
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface-raised/50 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-medium text-ink">
            {intl.formatMessage({ id: 'quests.dailyStreak', defaultMessage: 'Daily Streak' })}
          </h3>
          <p className="text-sm text-ink-muted">
            {intl.formatMessage(
              {
                id: 'quests.streakSummary',
                defaultMessage:
                  '<days>{count, plural, one {# day} other {# days}}</days> · Bonus <bonus>{points} Bytes</bonus>',
              },
              {
                count: streak,
                points: formatPoints(displayedStreakBonus(streak)),
                days: (chunks) => (
                  <span
                    data-testid="daily-streak-days"
                    className="font-semibold text-ink tabular-nums"
                  >
                    {chunks}
                  </span>
                ),
                bonus: (chunks) => (
                  <span
                    data-testid="daily-streak-bonus"
                    className="font-semibold text-accent-strong"
                  >
                    {chunks}
                  </span>
                ),
              },
            )}
          </p>
        </div>
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => setMilestonesOpen(true)}
          className="min-h-10 px-3 text-xs"
        >
          {intl.formatMessage(questMessages.bytesBonusMilestones)}
        </Button>
      </div>
      <ProgressBar
        value={streakBarPercent(streak)}
        label={intl.formatMessage({ id: 'quests.streakBarLabel', defaultMessage: 'Daily streak' })}
        valueText={intl.formatMessage(
          {
            id: 'quests.streakBarValue',
            defaultMessage: '{count} of {total, plural, one {# day} other {# days}}',
          },
          { count: Math.min(streak, LAST_MILESTONE), total: LAST_MILESTONE },
        )}
      />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STREAK_MILESTONES.map((milestone) => (
          <StreakMilestoneItem
            key={milestone}
            milestone={milestone}
            bonus={bonuses[milestone] ?? STREAK_BONUS_POINTS[milestone]}
            profile={profile}
          />
        ))}
      </ul>
      {milestonesOpen && (
        <StreakMilestonesDialog bonuses={bonuses} onClose={() => setMilestonesOpen(false)} />
      )}
    </div>
  );
}

function StreakMilestoneItem({
  milestone,
  bonus,
  profile,
}: {
  milestone: StreakMilestone;
  bonus: number;
  profile: UserProfile;
}) {
  const intl = useIntl();
  const labelId = useId();
  const busy = useQuestRequestPending();
  const claim = useStreakMilestoneClaim({
    onSuccess: () => {
      toast.success(CLAIM_TOASTS.streakClaimSuccess);
    },
    onError: (error) => showQuestToast(claimErrorToast(error), error),
  });
  const claimed = profile.last_claimed_streak_milestone >= milestone;
  const claimable =
    !claimed &&
    isStreakMilestoneClaimable(
      milestone,
      profile.daily_streaks,
      profile.last_claimed_streak_milestone,
    );

  return (
    <li
      data-testid={`streak-milestone-${milestone}`}
      data-state={claimed ? 'claimed' : claimable ? 'claimable' : 'locked'}
      className="flex flex-col items-center gap-2 rounded-lg border border-line bg-surface p-3 text-center"
    >
      <p id={labelId} className="text-sm">
        <span className="block font-semibold text-ink">
          {intl.formatMessage(questMessages.days, { count: milestone })}
        </span>
        <span className="block text-xs text-ink-muted">
          {intl.formatMessage(questMessages.bytesAmount, { points: formatPoints(bonus) })}
        </span>
      </p>
      <Button
        variant={claimable ? 'primary' : 'secondary'}
        aria-describedby={labelId}
        disabled={!claimable || busy}
        isLoading={claim.isPending}
        onClick={() => {
          if (claimable && !busy) claim.mutate();
        }}
        className="min-h-9 w-full px-2 py-1.5 text-xs"
      >
        {intl.formatMessage(claimed ? questMessages.claimed : questMessages.claim)}
      </Button>
    </li>
  );
}
