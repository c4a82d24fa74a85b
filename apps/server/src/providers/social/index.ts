import type { Config } from '../../env.ts';
import { isPlatformConfigured, isYoutubeApiConfigured } from './configured-platforms.ts';
import { DiscordClient } from './discord-client.ts';
import { TelegramClient } from './telegram-client.ts';
import { XClient } from './x-client.ts';
import { YoutubeClient } from './youtube-client.ts';

/** The social platforms' clients; null for a platform without credentials. */
export interface SocialPlatforms {
  x: XClient | null;
  discord: DiscordClient | null;
  telegram: TelegramClient | null;
  /** Null without a Google OAuth client: an operator reviews subscriptions instead. */
  youtube: YoutubeClient | null;
}

export function createSocialPlatforms(config: Config): SocialPlatforms {
  return {
    x: isPlatformConfigured(config, 'x')
      ? new XClient(config.X_API_URL, {
          key: config.X_CONSUMER_KEY ?? '',
          secret: config.X_CONSUMER_SECRET ?? '',
        })
      : null,
    discord: isPlatformConfigured(config, 'discord')
      ? new DiscordClient({
          apiUrl: config.DISCORD_API_URL,
          authorizeUrl: config.DISCORD_AUTHORIZE_URL,
          clientId: config.DISCORD_CLIENT_ID ?? '',
          botToken: config.DISCORD_BOT_TOKEN ?? '',
          guildId: config.DISCORD_GUILD_ID ?? '',
        })
      : null,
    telegram: isPlatformConfigured(config, 'telegram')
      ? new TelegramClient({
          apiUrl: config.TELEGRAM_API_URL,
          botToken: config.TELEGRAM_BOT_TOKEN ?? '',
          chatId: config.TELEGRAM_CHAT_ID ?? '',
        })
      : null,
    youtube: isYoutubeApiConfigured(config)
      ? new YoutubeClient({
          apiUrl: config.YOUTUBE_API_URL,
          authorizeUrl: config.GOOGLE_AUTHORIZE_URL,
          tokenUrl: config.GOOGLE_TOKEN_URL,
          clientId: config.YOUTUBE_CLIENT_ID ?? '',
          clientSecret: config.YOUTUBE_CLIENT_SECRET ?? '',
          channelId: config.YOUTUBE_CHANNEL_ID ?? '',
        })
      : null,
  };
}
