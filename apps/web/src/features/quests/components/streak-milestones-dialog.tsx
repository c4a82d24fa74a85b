import { STREAK_MILESTONES } from '@netpulse/shared';
import { Modal } from '@/components/ui/modal';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { questMessages } from '@/features/quests/quest-messages';

interface StreakMilestonesDialogProps {
  /** The bonus of each milestone, from GET /constants (or the shared defaults). */
  bonuses: Record<number, number>;
  onClose: () => void;
}

/** The modal 'Bytes Bonus Milestones': the check-in bonuses at 7, 14, 21 and 28 days (spec section 2). */
export function StreakMilestonesDialog({ bonuses, onClose }: StreakMilestonesDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      title={intl.formatMessage(questMessages.bytesBonusMilestones)}
      onClose={onClose}
      testId="streak-milestones-dialog"
    >
      <p className="mb-4 text-sm text-ink-muted">
        {intl.formatMessage({
          id: 'quests.streakMilestonesIntro',
          defaultMessage:
            'Claim every day to build your streak. Each milestone pays a bonus once per 28-day run.',
        })}
      </p>
      <dl className="grid gap-2">
        {STREAK_MILESTONES.map((milestone) => (
          <div
            key={milestone}
            className="flex items-center justify-between rounded-xl border border-line bg-surface-raised/50 px-4 py-3"
          >
            <dt className="font-medium text-ink">
              {intl.formatMessage(questMessages.days, { count: milestone })}
            </dt>
            <dd className="font-semibold text-accent-strong tabular-nums">
              {intl.formatMessage(questMessages.bytesAmount, {
                points: formatPoints(bonuses[milestone] ?? 0),
              })}
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
