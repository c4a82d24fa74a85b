import {
  QUEST_PLATFORM_SETTINGS,
  YOUTUBE_API_SETTINGS,
  type QuestPlatform,
} from '@netpulse/shared';
import type { Config } from '../../env.ts';

/**
 * Whether every setting the platform's quests need is set (QUEST_PLATFORM_SETTINGS, the
 * list the console names to the operator). YouTube needs none: without a YouTube Data
 * API client (isYoutubeApiConfigured) an operator decides subscriptions.
 */
export function isPlatformConfigured(config: Config, platform: QuestPlatform): boolean {
  const settings: readonly (keyof Config)[] = QUEST_PLATFORM_SETTINGS[platform];
  return settings.every((setting) => Boolean(config[setting]));
}

/** Whether subscriptions are checked with the YouTube Data API rather than by an operator. */
export function isYoutubeApiConfigured(config: Config): boolean {
  return YOUTUBE_API_SETTINGS.every((setting) => Boolean(config[setting]));
}

/** Each platform and whether its quests are available, for the public settings. */
export function configuredPlatforms(config: Config): Record<QuestPlatform, boolean> {
  return {
    x: isPlatformConfigured(config, 'x'),
    discord: isPlatformConfigured(config, 'discord'),
    telegram: isPlatformConfigured(config, 'telegram'),
    youtube: isPlatformConfigured(config, 'youtube'),
  };
}
