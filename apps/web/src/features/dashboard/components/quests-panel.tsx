import { questTally, type UserProfile } from '@netpulse/shared';
import { DailyClaimItem } from '@/components/daily-claim/daily-claim-item';
import { Panel } from '@/components/ui/panel';
import { CheckCircleIcon } from '@/components/ui/signed-in-icons';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { IconBadge } from '@/components/ui/icon-badge';
import { useIntl } from '@/lib/i18n/use-intl';

interface QuestsPanelProps {
  profile: UserProfile | undefined;
  className?: string;
}

/** The dashboard's Quests panel: the Daily Claim, the quests completed and a link to all quests. */
export function QuestsPanel({ profile, className }: QuestsPanelProps) {
  const intl = useIntl();
  const quests = profile && questTally(profile.quest_completed, offeredQuestPlatforms());
  // Figures only, the same in every language; a dash until the profile is known.
  const tally = quests ? `${quests.completed}/${quests.total}` : '–';
  const percent = quests ? (quests.completed / quests.total) * 100 : 0;
  return (
    <Panel
      title={intl.formatMessage({ id: 'dashboard.questsTitle', defaultMessage: 'Quests' })}
      className={className}
      testId="quests-panel"
    >
      <ul className="flex flex-col gap-3">
        <DailyClaimItem as="li" profile={profile} />
        <li
          data-testid="quests-completed"
          className="flex flex-col gap-3 rounded-xl border border-line bg-surface-raised/50 p-4"
        >
          <div className="flex items-center gap-3">
            <IconBadge>
              <CheckCircleIcon />
            </IconBadge>
            <h3 className="flex-1 font-medium text-ink">
              {intl.formatMessage({
                id: 'dashboard.questsCompleted',
                defaultMessage: 'Quests Completed',
              })}
            </h3>
            <span className="text-lg font-semibold text-ink tabular-nums">{tally}</span>
          </div>
          <div
            role="progressbar"
            aria-label={intl.formatMessage({
              id: 'dashboard.questsCompletedProgress',
              defaultMessage: 'Quests completed',
            })}
            aria-valuemin={0}
            aria-valuemax={quests?.total}
            aria-valuenow={quests?.completed ?? 0}
            className="h-2 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
          </div>
        </li>
      </ul>
      <div className="pt-4 text-end">
        <TextLink to={paths.quests.href()} className="text-sm">
          {intl.formatMessage({ id: 'dashboard.viewAllQuests', defaultMessage: 'View all Quests' })}
        </TextLink>
      </div>
    </Panel>
  );
}
