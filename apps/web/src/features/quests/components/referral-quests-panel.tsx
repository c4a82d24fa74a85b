import {
  CLAIM_TOASTS,
  isReferralMilestoneClaimable,
  isReferralMilestoneClaimed,
  milestoneProgress,
  pluralize,
  REFERRAL_MILESTONE_NAMES,
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
  return (
    <Panel title="Referral Quests" className={className} testId="referral-quests">
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
        <p className="text-sm text-ink-muted">Your referral quests could not be loaded.</p>
      ) : (
        // The name line and the progress line of a referral quest.
        <QuestSkeletonList
          label="Loading your referral quests…"
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
  const titleId = useId();
  const busy = useQuestRequestPending();
  const claim = useReferralMilestoneClaim({
    onSuccess: () => {
      toast.success(CLAIM_TOASTS.referralClaimSuccess);
    },
    onError: (error) => showQuestToast(claimErrorToast(error), error),
  });
  const name = REFERRAL_MILESTONE_NAMES[milestone];
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
            <span className="ml-2 text-xs font-normal text-ink-muted">
              Refer {pluralize(milestone, 'friend')}
            </span>
          </p>
          <p className="text-xs font-semibold text-accent-strong">{formatPoints(reward)} Bytes</p>
        </div>
        <div className="flex items-center gap-3">
          <ProgressBar
            value={milestoneProgress(referrals, milestone) * 100}
            label={`${name} progress`}
            valueText={`${reached} of ${milestone} referrals`}
            className="flex-1"
          />
          <span
            data-testid={`referral-quest-${milestone}-progress`}
            className="text-xs text-ink-muted tabular-nums"
          >
            {reached}/{milestone}
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
        {claimed ? 'Claimed' : 'Claim'}
      </Button>
    </li>
  );
}
