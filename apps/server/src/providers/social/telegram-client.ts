/**
 * Telegram for the quests: the login widget's signed result (checked with the
 * HMAC of the bot token, as Telegram documents) and membership of our group
 * through the Bot API's getChatMember. TELEGRAM_API_URL points at Telegram or a stand-in.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramLinkRequest } from '@netpulse/shared';
import { callPlatform, jsonOf } from './platform-http.ts';

/** A widget result older than this is refused, so a captured one cannot be replayed for long. */
const LOGIN_MAX_AGE_S = 24 * 3600;
/** Clocks differ a little; a result from further in the future is refused. */
const LOGIN_CLOCK_SKEW_S = 300;

const MEMBER_STATUSES = new Set(['creator', 'administrator', 'member']);

/**
 * Telegram's check: the HMAC-SHA256, keyed with SHA256(bot token), of the
 * result's fields (all but hash) as sorted "key=value" lines, equals its hash.
 */
export function isTelegramLoginAuthentic(
  login: TelegramLinkRequest,
  botToken: string,
  now: Date,
): boolean {
  // The state is ours, added beside Telegram's fields; Telegram signed only its own.
  const { hash, state: _ours, ...fields } = login;
  const dataCheckString = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  const given = Buffer.from(hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const ageS = now.getTime() / 1000 - login.auth_date;
  return ageS <= LOGIN_MAX_AGE_S && ageS >= -LOGIN_CLOCK_SKEW_S;
}

export interface TelegramMember {
  /** First and last name as Telegram shows them. */
  displayName: string;
}

interface ChatMemberAnswer {
  ok: boolean;
  result?: {
    status: string;
    is_member?: boolean;
    user?: { first_name?: string; last_name?: string };
  };
}

export class TelegramClient {
  constructor(private readonly settings: { apiUrl: string; botToken: string; chatId: string }) {}

  /** The user as a member of our group, or null when they are not in it. */
  async chatMember(userId: string): Promise<TelegramMember | null> {
    const { apiUrl, botToken, chatId } = this.settings;
    const query = new URLSearchParams({ chat_id: chatId, user_id: userId });
    const answer = await callPlatform(
      'telegram',
      `${apiUrl}/bot${botToken}/getChatMember?${query}`,
    );
    // The Bot API answers 400 "user not found" for someone who never joined.
    if (answer.status === 400) return null;
    const member = jsonOf<ChatMemberAnswer>('telegram', answer);
    const result = member.result;
    if (!member.ok || !result) return null;
    const isMember =
      MEMBER_STATUSES.has(result.status) ||
      (result.status === 'restricted' && result.is_member === true);
    if (!isMember) return null;
    const name = [result.user?.first_name, result.user?.last_name].filter(Boolean).join(' ');
    return { displayName: name };
  }
}
