/**
 * The one-click unsubscribe's token (RFC 8058): it names an account and the events whose
 * mail it turns off, signed with a secret derived from the app's auth secret. It never
 * expires (a mail may be read months later), but it only works for an account that still
 * exists: the unsubscribe checks that.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@netpulse/shared';
import { deriveSecret } from '../../lib/derived-secret.ts';

export interface UnsubscribeRequest {
  userId: number;
  events: NotificationEvent[];
}

const USER_ID = /^[1-9]\d{0,9}$/;

export class UnsubscribeTokens {
  readonly #key: string;

  constructor(authSecret: Uint8Array) {
    this.#key = deriveSecret(authSecret, 'notice-unsubscribe');
  }

  #mac(body: string): string {
    return createHmac('sha256', this.#key).update(body).digest('base64url');
  }

  /** `<userId>.<event>[,<event>...].<mac>`: URL-safe as it is. */
  tokenFor(userId: number, events: readonly NotificationEvent[]): string {
    const body = `${userId}.${[...new Set(events)].join(',')}`;
    return `${body}.${this.#mac(body)}`;
  }

  /** What a genuine token asks, or null for anything else. */
  read(token: string): UnsubscribeRequest | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [userId = '', events = '', mac = ''] = parts;
    if (!USER_ID.test(userId)) return null;
    const named = events.split(',');
    if (!named.every((event) => (NOTIFICATION_EVENTS as readonly string[]).includes(event))) {
      return null;
    }
    // The encoded texts are compared: two spellings of one MAC never both pass.
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.#mac(`${userId}.${events}`));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId: Number(userId), events: named as NotificationEvent[] };
  }
}
