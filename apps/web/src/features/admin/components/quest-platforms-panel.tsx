import {
  QUEST_PLATFORM_NAMES,
  QUEST_PLATFORM_SETTINGS,
  QUEST_PLATFORMS,
  nounFor,
  offeredSocialQuestKeys,
  pluralize,
  YOUTUBE_API_SETTINGS,
  type OfferedPlatforms,
  type QuestPlatform,
} from '@netpulse/shared';
import { Fragment } from 'react';
import { Panel } from '@/components/ui/panel';
import { TextLink } from '@/components/ui/text-link';
import { getPublicConfig } from '@/config/public-config';
import { offeredQuestPlatforms } from '@/config/offered-quest-platforms';
import { paths } from '@/config/paths';

/** Setting names as a sentence lists them: `A`, `A and B`, `A, B and C`. */
function Settings({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <Fragment key={name}>
      {index === 0 ? '' : index === names.length - 1 ? ' and ' : ', '}
      <code>{name}</code>
    </Fragment>
  ));
}

/** How many quests a platform's switch holds: its social quests. */
function questCountOf(platform: QuestPlatform): number {
  const only: OfferedPlatforms = { x: false, discord: false, telegram: false, youtube: false };
  return offeredSocialQuestKeys({ ...only, [platform]: true }).length;
}

/**
 * Which quest platforms this server leaves out, and the settings that bring each in
 * (issue 27): participants never see a quest they cannot do, so the operator is told here.
 */
export function QuestPlatformsPanel() {
  const offered = offeredQuestPlatforms();
  const { youtubeSignIn } = getPublicConfig();
  const missing = QUEST_PLATFORMS.filter((platform) => !offered[platform]);
  return (
    <Panel title="Quest platforms" testId="quest-platforms">
      <ul className="flex flex-col gap-2 text-sm">
        {missing.length === 0 && (
          <li className="text-ink-muted">Every platform's quests are offered to participants.</li>
        )}
        {missing.map((platform) => (
          <li key={platform} data-testid={`platform-unconfigured-${platform}`}>
            <span className="font-medium text-ink">{QUEST_PLATFORM_NAMES[platform]}</span>{' '}
            <span className="text-ink-muted">
              is not configured: its {pluralize(questCountOf(platform), 'quest')}{' '}
              {nounFor(questCountOf(platform), 'is', 'are')} hidden from participants and not
              counted. Set <Settings names={QUEST_PLATFORM_SETTINGS[platform]} /> and restart the
              server to offer them.
            </span>
          </li>
        ))}
        {!youtubeSignIn && (
          <li data-testid="platform-youtube-by-hand">
            <span className="font-medium text-ink">YouTube</span>{' '}
            <span className="text-ink-muted">
              subscriptions are decided by hand in{' '}
              <TextLink to={paths.adminReviews.href()}>Reviews</TextLink>. Set{' '}
              <Settings names={YOUTUBE_API_SETTINGS} /> to have the server check them.
            </span>
          </li>
        )}
      </ul>
    </Panel>
  );
}
