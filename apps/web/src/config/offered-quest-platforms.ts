import type { OfferedPlatforms, PublicConfig } from '@netpulse/shared';
import { getPublicConfig } from './public-config';

// A module of its own: only the signed-in screens ask, so it stays out of /login's first load.
/**
 * The platforms whose quests participants see and count (issue 27): those the server
 * offers; Telegram's quests also need its login widget's bot name.
 */
export function offeredQuestPlatforms(config: PublicConfig = getPublicConfig()): OfferedPlatforms {
  const { questPlatforms, telegramBotUsername } = config;
  return { ...questPlatforms, telegram: questPlatforms.telegram && telegramBotUsername !== null };
}
