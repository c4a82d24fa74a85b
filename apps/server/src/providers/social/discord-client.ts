/**
 * Discord for the quests: the implicit-grant login (spec section 2, /discord-auth),
 * the user behind an access token, and guild membership through the bot.
 * DISCORD_API_URL points at Discord or a stand-in.
 */
import { callPlatform, isHeaderSafe, jsonOf } from './platform-http.ts';

export interface DiscordUser {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
}

interface DiscordUserAnswer {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

export interface DiscordMember {
  /** The name shown in our server: the nickname, else the display name, else the username. */
  displayName: string;
}

export class DiscordClient {
  constructor(
    private readonly settings: {
      apiUrl: string;
      authorizeUrl: string;
      clientId: string;
      botToken: string;
      guildId: string;
    },
  ) {}

  /** Where the browser logs in; Discord returns to `redirectUri` with the token in the hash. */
  loginUrl(redirectUri: string, state: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', 'identify');
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The user an access token belongs to, or null when Discord does not accept it. */
  async currentUser(accessToken: string): Promise<DiscordUser | null> {
    // A token no header can carry (control or non-Latin-1 characters) is no Discord
    // token; sending it would fail in fetch and read as Discord being down.
    if (!isHeaderSafe(accessToken)) return null;
    const answer = await callPlatform('discord', `${this.settings.apiUrl}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (answer.status === 401 || answer.status === 403) return null;
    const user = jsonOf<DiscordUserAnswer>('discord', answer);
    if (!user.id) return null;
    return {
      id: user.id,
      username: user.username,
      globalName: user.global_name ?? null,
      avatar: user.avatar ?? null,
    };
  }

  /** The user as a member of our server, or null when they have not joined. */
  async guildMember(userId: string): Promise<DiscordMember | null> {
    const { apiUrl, guildId, botToken } = this.settings;
    const answer = await callPlatform(
      'discord',
      `${apiUrl}/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`,
      { headers: { authorization: `Bot ${botToken}` } },
    );
    if (answer.status === 404) return null;
    const member = jsonOf<{ nick?: string | null; user?: DiscordUserAnswer }>('discord', answer);
    return {
      displayName: member.nick ?? member.user?.global_name ?? member.user?.username ?? '',
    };
  }
}
