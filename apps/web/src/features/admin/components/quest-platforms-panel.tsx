import {
  QUEST_PLATFORM_NAMES,
  QUEST_PLATFORM_SETTINGS,
  QUEST_PLATFORMS,
  offeredSocialQuestKeys,
  YOUTUBE_API_SETTINGS,
  type OfferedPlatforms,
  type QuestPlatform,
} from '@netpulse/shared';
import type { ReactNode } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { Panel } from '@/components/ui/panel';
import { TextLink } from '@/components/ui/text-link';
import { getPublicConfig } from '@/config/public-config';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';

/** Setting names as a sentence lists them in the page's language (`A, B and C` in English). */
function settingsList(intl: PageFormatter, names: readonly string[]): ReactNode {
  return intl.formatList(
    names.map((name) => <code key={name}>{name}</code>),
    { type: 'conjunction' },
  );
}

/** How many quests a platform's switch holds: its social quests. */
function questCountOf(platform: QuestPlatform): number {
  const only: OfferedPlatforms = { x: false, discord: false, telegram: false, youtube: false };
  return offeredSocialQuestKeys({ ...only, [platform]: true }).length;
}

const platformName = (chunks: ReactNode) => <span className="font-medium text-ink">{chunks}</span>;

/**
 * Which quest platforms this server leaves out, and the settings that bring each in
 * (issue 27): participants never see a quest they cannot do, so the operator is told here.
 */
export function QuestPlatformsPanel() {
  const intl = useIntl();
  const offered = offeredQuestPlatforms();
  const { youtubeSignIn } = getPublicConfig();
  const missing = QUEST_PLATFORMS.filter((platform) => !offered[platform]);
  return (
    <Panel
      title={intl.formatMessage({
        id: 'console.platforms.title',
        defaultMessage: 'Quest platforms',
      })}
      testId="quest-platforms"
    >
      <ul className="flex flex-col gap-2 text-sm">
        {missing.length === 0 && (
          <li className="text-ink-muted">
            {intl.formatMessage({
              id: 'console.platforms.allOffered',
              defaultMessage: "Every platform's quests are offered to participants.",
            })}
          </li>
        )}
        {missing.map((platform) => (
          <li
            key={platform}
            data-testid={`platform-unconfigured-${platform}`}
            className="text-ink-muted"
          >
            {intl.formatMessage(
              {
                id: 'console.platforms.notConfigured',
                defaultMessage:
                  '<name>{platform}</name> is not configured: its {count, plural, one {# quest is} other {# quests are}} hidden from participants and not counted. Set {settings} and restart the server to offer them.',
              },
              {
                name: platformName,
                platform: QUEST_PLATFORM_NAMES[platform],
                count: questCountOf(platform),
                settings: settingsList(intl, QUEST_PLATFORM_SETTINGS[platform]),
              },
            )}
          </li>
        ))}
        {!youtubeSignIn && (
          <li data-testid="platform-youtube-by-hand" className="text-ink-muted">
            {intl.formatMessage(
              {
                id: 'console.platforms.youtubeByHand',
                defaultMessage:
                  '<name>YouTube</name> subscriptions are decided by hand in <link>Reviews</link>. Set {settings} to have the server check them.',
              },
              {
                name: platformName,
                link: (chunks: ReactNode) => (
                  <TextLink to={paths.adminReviews.href()}>{chunks}</TextLink>
                ),
                settings: settingsList(intl, YOUTUBE_API_SETTINGS),
              },
            )}
          </li>
        )}
      </ul>
    </Panel>
  );
}
