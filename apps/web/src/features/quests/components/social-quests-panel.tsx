import {
  QUEST_PLATFORM_NAMES,
  QUEST_PLATFORMS,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  type QuestConstants,
  type QuestPlatform,
  type SocialQuestKey,
  type UserProfile,
} from '@netpulse/shared';
import { Panel } from '@/components/ui/panel';
import { getPublicConfig } from '@/config/public-config';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { useNow } from '@/hooks/use-now';
import { useIntl } from '@/lib/i18n/use-intl';
import { QuestSkeletonList } from './quest-skeleton-list';
import { SocialQuestItem } from './social-quest-item';

/** Spec section 4: the keep-name timer updates every second. */
const TIMER_TICK_MS = 1000;

/** How many placeholder quests show while the profile loads: the first platform's worth. */
const SKELETON_QUESTS = 5;

interface SocialQuestsPanelProps {
  profile: UserProfile | undefined;
  profileFailed: boolean;
  constants: QuestConstants | undefined;
}

/**
 * The social quests, by platform (spec section 4): only those of the platforms this server
 * offers. A quest nobody can do here is neither shown nor counted (issue 27); the operator
 * learns which platforms are unconfigured in the console, not the participants.
 */
export function SocialQuestsPanel({ profile, profileFailed, constants }: SocialQuestsPanelProps) {
  const intl = useIntl();
  const { productName, telegramBotUsername, youtubeSignIn } = getPublicConfig();
  const now = useNow(TIMER_TICK_MS).getTime();
  const offered = offeredQuestPlatforms();
  const setUp = QUEST_PLATFORMS.filter((platform) => offered[platform]);

  return (
    <Panel
      title={intl.formatMessage({ id: 'quests.socialQuests', defaultMessage: 'Social Quests' })}
      testId="social-quests"
    >
      {profile ? (
        <div className="flex flex-col gap-6">
          {setUp.length > 0 && (
            <div className="grid items-start gap-6 2xl:grid-cols-2">
              {setUp.map((platform) => (
                <section key={platform} aria-labelledby={`social-quests-${platform}`}>
                  <h3
                    id={`social-quests-${platform}`}
                    className="mb-3 text-sm font-semibold tracking-wide text-ink-muted uppercase"
                  >
                    {QUEST_PLATFORM_NAMES[platform]}
                  </h3>
                  <ul className="flex flex-col gap-3">
                    {questKeysOf(platform).map((key) => (
                      <SocialQuestItem
                        key={key}
                        questKey={key}
                        profile={profile}
                        constants={constants}
                        available
                        now={now}
                        productName={productName}
                        telegramBotUsername={telegramBotUsername}
                        youtubeSignIn={youtubeSignIn}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </div>
      ) : profileFailed ? (
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'quests.socialFailed',
            defaultMessage: 'Your social quests could not be loaded.',
          })}
        </p>
      ) : (
        // The title, reward and note lines of a social quest.
        <QuestSkeletonList
          label={intl.formatMessage({
            id: 'quests.socialLoading',
            defaultMessage: 'Loading your social quests…',
          })}
          count={SKELETON_QUESTS}
          lines={['h-6', 'h-4', 'h-4']}
          gapClassName="gap-1"
        />
      )}
    </Panel>
  );
}

function questKeysOf(platform: QuestPlatform): SocialQuestKey[] {
  return SOCIAL_QUEST_KEYS.filter((key) => SOCIAL_QUESTS[key].platform === platform);
}
