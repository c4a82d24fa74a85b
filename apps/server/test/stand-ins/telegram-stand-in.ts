/**
 * Stand-in for Telegram's Bot API: getChatMember for our group, and the
 * signing of login-widget results as Telegram does it (for the tests to post).
 */
import { createHash, createHmac } from 'node:crypto';
import { startStandIn, type RunningStandIn } from './http-stand-in.ts';

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface TelegramStandIn extends RunningStandIn {
  settings: { botToken: string; botUsername: string; chatId: string };
  /** Members of our group by user id. */
  members: Map<number, TelegramUser>;
  /** A login-widget result for `user`, signed with the bot token (or another one, to forge it). */
  loginResult(
    user: TelegramUser,
    authDate: number,
    botToken?: string,
  ): Record<string, string | number>;
}

export function signTelegramLogin(
  fields: Record<string, string | number>,
  botToken: string,
): string {
  const dataCheckString = Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest('hex');
}

export async function startTelegramStandIn(
  options: { port?: number } = {},
): Promise<TelegramStandIn> {
  const settings = {
    botToken: '123456:telegram-bot-token',
    botUsername: 'netpulse_test_bot',
    chatId: '-100777',
  };
  const members = new Map<number, TelegramUser>();
  const running = await startStandIn((request) => {
    const match = /^\/bot([^/]+)\/getChatMember$/.exec(request.url.pathname);
    if (!match)
      return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
    if (match[1] !== settings.botToken) {
      return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    if (request.url.searchParams.get('chat_id') !== settings.chatId) {
      return {
        status: 400,
        json: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
      };
    }
    const member = members.get(Number(request.url.searchParams.get('user_id')));
    if (!member) {
      return {
        status: 400,
        json: { ok: false, error_code: 400, description: 'Bad Request: user not found' },
      };
    }
    return {
      status: 200,
      json: { ok: true, result: { status: 'member', user: { is_bot: false, ...member } } },
    };
  }, options.port);
  return Object.assign(running, {
    settings,
    members,
    loginResult: (user: TelegramUser, authDate: number, botToken = settings.botToken) => {
      const fields: Record<string, string | number> = { ...user, auth_date: authDate };
      return { ...fields, hash: signTelegramLogin(fields, botToken) };
    },
  });
}
