import {
  QUEST_PLATFORM_NAMES,
  QUEST_PLATFORMS,
  questTitle,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  type QuestConstants,
  type QuestPlatform,
  type SocialQuestKey,
  type UserProfile,
} from '@netpulse/shared';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { getPublicConfig } from '@/config/public-config';
import { useNow } from '@/hooks/use-now';
import { formatPoints } from '@/lib/format-number';
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

/** The twelve social quests, by platform (spec section 4). */
export function SocialQuestsPanel({ profile, profileFailed, constants }: SocialQuestsPanelProps) {
  const { productName, questPlatforms, telegramBotUsername, youtubeSignIn } = getPublicConfig();
  const now = useNow(TIMER_TICK_MS).getTime();
  const isSetUp = (platform: QuestPlatform) =>
    questPlatforms[platform] && (platform !== 'telegram' || telegramBotUsername !== null);
  const setUp = QUEST_PLATFORMS.filter(isSetUp);
  const notSetUp = QUEST_PLATFORMS.filter((platform) => !isSetUp(platform));

  return (
    <Panel title="Social Quests" testId="social-quests">
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
          {notSetUp.length > 0 && <QuestsNotSetUp platforms={notSetUp} productName={productName} />}
        </div>
      ) : profileFailed ? (
        <p className="text-sm text-ink-muted">Your social quests could not be loaded.</p>
      ) : (
        // The title, reward and note lines of a social quest.
        <QuestSkeletonList
          label="Loading your social quests…"
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

/**
 * The quests of platforms this server has not configured, under one closed line: a row of
 * disabled Claim buttons that nobody can ever use would only clutter the screen.
 */
function QuestsNotSetUp({
  platforms,
  productName,
}: {
  platforms: QuestPlatform[];
  productName: string;
}) {
  const keys = platforms.flatMap(questKeysOf);
  const names = platforms.map((platform) => QUEST_PLATFORM_NAMES[platform]).join(', ');
  return (
    <details
      data-testid="unavailable-quests"
      className="group rounded-xl border border-dashed border-line"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 text-sm text-ink-muted hover:text-ink [&::-webkit-details-marker]:hidden">
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
        <span>
          {keys.length} {keys.length === 1 ? 'quest' : 'quests'} on {names}: the operator has not
          set {keys.length === 1 ? 'it' : 'them'} up yet
        </span>
      </summary>
      <ul className="flex flex-col divide-y divide-line border-t border-dashed border-line px-4">
        {keys.map((key) => (
          <li
            key={key}
            data-testid={`quest-${key}`}
            data-state="unavailable"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm"
          >
            <span className="text-ink-muted">{questTitle(key, productName)}</span>
            <span className="text-xs font-semibold text-ink-muted">
              {formatPoints(SOCIAL_QUESTS[key].points)} Bytes
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
