import {
  CLAIM_TOASTS,
  isReferralMilestoneClaimable,
  isReferralMilestoneClaimed,
  milestoneProgress,
  REFERRAL_MILESTONES,
  REFERRAL_QUEST_POINTS,
  type QuestConstants,
  type ReferralMilestone,
  type UserProfile,
} from '@netpulse/shared';
import { useId } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { questMessages } from '@/features/quests/quest-messages';
import { referralMilestoneName } from '@/features/quests/quest-texts';
import { useReferralMilestoneClaim } from '@/features/quests/api/claim-referral-milestone';
import { useQuestRequestPending } from '@/features/quests/api/quest-request';
import { claimErrorToast, showQuestToast } from '@/features/quests/quest-toasts';
import { QuestSkeletonList } from './quest-skeleton-list';

interface ReferralQuestsPanelProps {
  profile: UserProfile | undefined;
  profileFailed: boolean;
  constants: QuestConstants | undefined;
  className?: string;
}

/** The six referral quests, Rookie to God (spec sections 4 and 9). */
export function ReferralQuestsPanel({
  profile,
  profileFailed,
  constants,
  className,
}: ReferralQuestsPanelProps) {
  const intl = useIntl();
  return (
    <Panel
      title={intl.formatMessage({ id: 'quests.referralQuests', defaultMessage: 'Referral Quests' })}
      className={className}
      testId="referral-quests"
    >
      {profile ? (
        <ul className="flex flex-col gap-3">
          {REFERRAL_MILESTONES.map((milestone) => (
            <ReferralQuestItem
              key={milestone}
              milestone={milestone}
              reward={
                constants?.REFERRAL_QUEST_POINTS[String(milestone)] ??
                REFERRAL_QUEST_POINTS[milestone]
              }
              profile={profile}
            />
          ))}
        </ul>
      ) : profileFailed ? (
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'quests.referralFailed',
            defaultMessage: 'Your referral quests could not be loaded.',
          })}
        </p>
      ) : (
        // The name line and the progress line of a referral quest.
        <QuestSkeletonList
          label={intl.formatMessage({
            id: 'quests.referralLoading',
            defaultMessage: 'Loading your referral quests…',
          })}
          count={REFERRAL_MILESTONES.length}
          lines={['h-6', 'h-4']}
          gapClassName="gap-2"
        />
      )}
    </Panel>
  );
}

function ReferralQuestItem({
  milestone,
  reward,
  profile,
}: {
  milestone: ReferralMilestone;
  reward: number;
  profile: UserProfile;
}) {
  const intl = useIntl();
  const titleId = useId();
  const busy = useQuestRequestPending();
  const claim = useReferralMilestoneClaim({
    onSuccess: () => {
      toast.success(CLAIM_TOASTS.referralClaimSuccess);
    },
    onError: (error) => showQuestToast(claimErrorToast(error), error),
  });
  const name = referralMilestoneName(milestone, intl);
  const referrals = profile.successful_referrals;
  const lastClaimed = profile.last_claimed_referral_milestone;
  const claimed = isReferralMilestoneClaimed(milestone, lastClaimed);
  const claimable = !claimed && isReferralMilestoneClaimable(milestone, referrals, lastClaimed);
  const reached = Math.min(Math.max(referrals, 0), milestone);

  return (
    <li
      data-testid={`referral-quest-${milestone}`}
      data-state={claimed ? 'claimed' : claimable ? 'claimable' : 'locked'}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface-raised/50 p-4"
    >
      <div className="flex min-w-48 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p id={titleId} className="font-medium text-ink">
            {name}
            <span className="ms-2 text-xs font-normal text-ink-muted">
              {intl.formatMessage(
                {
                  id: 'quests.referFriends',
                  defaultMessage: 'Refer {count, plural, one {# friend} other {# friends}}',
                },
                { count: milestone },
              )}
            </span>
          </p>
          <p className="text-xs font-semibold text-accent-strong">
            {intl.formatMessage(questMessages.bytesAmount, { points: formatPoints(reward) })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ProgressBar
            value={milestoneProgress(referrals, milestone) * 100}
            label={intl.formatMessage(
              { id: 'quests.referralBarLabel', defaultMessage: '{name} progress' },
              { name },
            )}
            valueText={intl.formatMessage(
              {
                id: 'quests.referralBarValue',
                defaultMessage: '{count} of {total, plural, one {# referral} other {# referrals}}',
              },
              { count: reached, total: milestone },
            )}
            className="flex-1"
          />
          <span
            data-testid={`referral-quest-${milestone}-progress`}
            className="text-xs text-ink-muted tabular-nums"
          >
            {intl.formatMessage(
              { id: 'quests.referralCount', defaultMessage: '{count}/{total}' },
              { count: reached, total: milestone },
            )}
          </span>
        </div>
      </div>
      <Button
        variant={claimable ? 'primary' : 'secondary'}
        aria-describedby={titleId}
        disabled={!claimable || busy}
        isLoading={claim.isPending}
        onClick={() => {
          if (claimable && !busy) claim.mutate();
        }}
        className="min-h-10 w-full px-3 py-2 sm:w-28"
      >
        {intl.formatMessage(claimed ? questMessages.claimed : questMessages.claim)}
      </Button>
    </li>
  );
}
