/**
 * Stand-in for Discord: the implicit-grant authorize page, GET /users/@me with
 * a user's token, and GET /guilds/{guild}/members/{user} with the bot token.
 */
import { randomBytes } from 'node:crypto';
import { startStandIn, type RunningStandIn } from './http-stand-in.ts';

export interface DiscordAccount {
  id: string;
  username: string;
  globalName: string | null;
  /** Set once the user is in our server: their nickname there (null for none). */
  member: { nick: string | null } | null;
}

export interface DiscordStandIn extends RunningStandIn {
  settings: { clientId: string; botToken: string; guildId: string };
  accounts: Map<string, DiscordAccount>;
  /** A new account with a user access token, as if it had logged in. */
  createAccount(globalName?: string): { account: DiscordAccount; accessToken: string };
}

export async function startDiscordStandIn(
  options: { port?: number; joinOnLogin?: boolean; defaultGlobalName?: string } = {},
): Promise<DiscordStandIn> {
  const settings = { clientId: 'discord-client', botToken: 'discord-bot-token', guildId: '4242' };
  const accounts = new Map<string, DiscordAccount>();
  const tokens = new Map<string, string>();
  let counter = 0;

  const createAccount = (globalName?: string) => {
    counter += 1;
    const account: DiscordAccount = {
      id: String(80_000_000_000 + counter),
      username: `discord_tester_${counter}`,
      globalName: globalName ?? options.defaultGlobalName ?? null,
      member: null,
    };
    accounts.set(account.id, account);
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, account.id);
    return { account, accessToken };
  };
  const userJson = (account: DiscordAccount) => ({
    id: account.id,
    username: account.username,
    global_name: account.globalName,
    avatar: `avatar${account.id}`,
    discriminator: '0',
  });
  const unauthorized = { status: 401, json: { message: '401: Unauthorized', code: 0 } };

  const running = await startStandIn((request) => {
    const path = request.url.pathname;
    if (path === '/oauth2/authorize') {
      const query = request.url.searchParams;
      if (query.get('client_id') !== settings.clientId || query.get('response_type') !== 'token') {
        return { status: 400, json: { error: 'invalid_request' } };
      }
      const { account, accessToken } = createAccount();
      // In the tests' world, whoever logs in through the page has also joined our server.
      if (options.joinOnLogin) account.member = { nick: null };
      const hash = new URLSearchParams({
        token_type: 'Bearer',
        access_token: accessToken,
        expires_in: '604800',
        scope: 'identify',
      });
      // Discord hands the login's state back as it was given.
      const state = query.get('state');
      if (state !== null) hash.set('state', state);
      return { status: 302, location: `${query.get('redirect_uri')}#${hash}` };
    }
    if (path === '/users/@me') {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const account = accounts.get(tokens.get(bearer ?? '') ?? '');
      return account ? { status: 200, json: userJson(account) } : unauthorized;
    }
    const member = /^\/guilds\/([^/]+)\/members\/([^/]+)$/.exec(path);
    if (member) {
      if (request.headers.authorization !== `Bot ${settings.botToken}`) return unauthorized;
      if (member[1] !== settings.guildId)
        return { status: 404, json: { message: 'Unknown Guild', code: 10004 } };
      const account = accounts.get(member[2] ?? '');
      if (!account?.member)
        return { status: 404, json: { message: 'Unknown Member', code: 10007 } };
      return {
        status: 200,
        json: { nick: account.member.nick, user: userJson(account), roles: [] },
      };
    }
    return { status: 404, json: { message: '404: Not Found', code: 0 } };
  }, options.port);
  return Object.assign(running, { settings, accounts, createAccount });
}
