/**
 * Starts the platform stand-ins and gives the server settings that point at them.
 * YouTube's are apart (`youtube.env`): without them the server keeps the operator's review.
 */
import { startDiscordStandIn, type DiscordStandIn } from './discord-stand-in.ts';
import { startTelegramStandIn, type TelegramStandIn } from './telegram-stand-in.ts';
import { startXStandIn, type XStandIn } from './x-stand-in.ts';
import { startYoutubeStandIn, type YoutubeStandIn } from './youtube-stand-in.ts';

export interface StandIns {
  x: XStandIn;
  discord: DiscordStandIn;
  telegram: TelegramStandIn;
  youtube: YoutubeStandIn;
  /** The server's environment for using them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startStandIns(
  options: {
    ports?: { x?: number; discord?: number; telegram?: number; youtube?: number };
    /** The name every account shows by default (e.g. one carrying the product name). */
    defaultName?: string;
    /** Everyone who logs in to Discord through the page has joined our server. */
    discordJoinOnLogin?: boolean;
  } = {},
): Promise<StandIns> {
  const x = await startXStandIn({ port: options.ports?.x, defaultName: options.defaultName });
  const discord = await startDiscordStandIn({
    port: options.ports?.discord,
    joinOnLogin: options.discordJoinOnLogin,
    defaultGlobalName: options.defaultName,
  });
  const telegram = await startTelegramStandIn({ port: options.ports?.telegram });
  const youtube = await startYoutubeStandIn({ port: options.ports?.youtube });
  return {
    x,
    discord,
    telegram,
    youtube,
    env: {
      X_CONSUMER_KEY: x.consumer.key,
      X_CONSUMER_SECRET: x.consumer.secret,
      X_API_URL: x.url,
      DISCORD_CLIENT_ID: discord.settings.clientId,
      DISCORD_BOT_TOKEN: discord.settings.botToken,
      DISCORD_GUILD_ID: discord.settings.guildId,
      DISCORD_API_URL: discord.url,
      DISCORD_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
      TELEGRAM_BOT_TOKEN: telegram.settings.botToken,
      TELEGRAM_BOT_USERNAME: telegram.settings.botUsername,
      TELEGRAM_CHAT_ID: telegram.settings.chatId,
      TELEGRAM_API_URL: telegram.url,
    },
    close: async () => {
      await Promise.all([x.close(), discord.close(), telegram.close(), youtube.close()]);
    },
  };
}
