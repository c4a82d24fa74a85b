import { createHmac } from 'node:crypto';

/**
 * A secret for one purpose, derived from the app's auth secret (HMAC-SHA256 of
 * a label), so features need no extra setting and a key leaked from one
 * purpose says nothing about another.
 */
export function deriveSecret(authSecret: Uint8Array, label: string): string {
  return createHmac('sha256', authSecret).update(label).digest('hex');
}
