import type { QuestPlatform } from '@netpulse/shared';
import type { Config } from '../../env.ts';

/**
 * Whether the platform's credentials are set. YouTube needs none: without a
 * YouTube Data API client (isYoutubeApiConfigured) an operator decides
 * subscriptions with the admin CLI.
 */
export function isPlatformConfigured(config: Config, platform: QuestPlatform): boolean {
  switch (platform) {
    case 'x':
      return Boolean(config.X_CONSUMER_KEY && config.X_CONSUMER_SECRET);
    case 'discord':
      return Boolean(
        config.DISCORD_CLIENT_ID && config.DISCORD_BOT_TOKEN && config.DISCORD_GUILD_ID,
      );
    case 'telegram':
      return Boolean(
        config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_USERNAME && config.TELEGRAM_CHAT_ID,
      );
    case 'youtube':
      return true;
  }
}

/** Whether subscriptions are checked with the YouTube Data API rather than by an operator. */
export function isYoutubeApiConfigured(config: Config): boolean {
  return Boolean(
    config.YOUTUBE_CLIENT_ID && config.YOUTUBE_CLIENT_SECRET && config.YOUTUBE_CHANNEL_ID,
  );
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
