import {
  QUEST_PLATFORM_NAMES,
  QUEST_PLATFORMS,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  type QuestConstants,
  type UserProfile,
} from '@netpulse/shared';
import { Panel } from '../../../components/ui/panel';
import { LoadingState } from '../../../components/ui/spinner';
import { getPublicConfig } from '../../../config/public-config';
import { useNow } from '../../../hooks/use-now';
import { SocialQuestItem } from './social-quest-item';

/** Spec section 4: the keep-name timer updates every second. */
const TIMER_TICK_MS = 1000;

interface SocialQuestsPanelProps {
  profile: UserProfile | undefined;
  profileFailed: boolean;
  constants: QuestConstants | undefined;
}

/** The twelve social quests, by platform (spec section 4). */
export function SocialQuestsPanel({ profile, profileFailed, constants }: SocialQuestsPanelProps) {
  const { productName, questPlatforms, telegramBotUsername, youtubeSignIn } = getPublicConfig();
  const now = useNow(TIMER_TICK_MS).getTime();

  return (
    <Panel title="Social Quests" testId="social-quests">
      {profile ? (
        <div className="grid items-start gap-6 2xl:grid-cols-2">
          {QUEST_PLATFORMS.map((platform) => (
            <section key={platform} aria-labelledby={`social-quests-${platform}`}>
              <h3
                id={`social-quests-${platform}`}
                className="mb-3 text-sm font-semibold tracking-wide text-ink-muted uppercase"
              >
                {QUEST_PLATFORM_NAMES[platform]}
              </h3>
              <ul className="flex flex-col gap-3">
                {SOCIAL_QUEST_KEYS.filter((key) => SOCIAL_QUESTS[key].platform === platform).map(
                  (key) => (
                    <SocialQuestItem
                      key={key}
                      questKey={key}
                      profile={profile}
                      constants={constants}
                      available={
                        questPlatforms[platform] &&
                        (platform !== 'telegram' || telegramBotUsername !== null)
                      }
                      now={now}
                      productName={productName}
                      telegramBotUsername={telegramBotUsername}
                      youtubeSignIn={youtubeSignIn}
                    />
                  ),
                )}
              </ul>
            </section>
          ))}
        </div>
      ) : profileFailed ? (
        <p className="text-sm text-ink-muted">Your social quests could not be loaded.</p>
      ) : (
        <LoadingState label="Loading your social quests…" className="py-8" />
      )}
    </Panel>
  );
}
