/**
 * The account's security events (issue 29): each is kept for the person's data export and
 * told to the account by mail. Browser and network only, never the address (lib/ helpers).
 */
import type { Queryable } from '../../db/client.ts';
import type { SecurityEventType } from './security-events-repository.ts';
import { networkOf } from '../../lib/address-network.ts';
import { browserNameOf } from '../../lib/browser-name.ts';
import { insertSecurityEvent } from './security-events-repository.ts';

export interface SecurityEvent {
  userId: number;
  type: SecurityEventType;
  /** The user agent of the request that did it. */
  userAgent?: string | undefined;
  /** The address of the request that did it (reduced to its network). */
  address?: string | undefined;
}

/** Records an event; pass the transaction when the change it tells of is in one. */
export async function recordSecurityEvent(
  db: Queryable,
  event: SecurityEvent,
  at: Date,
): Promise<void> {
  await insertSecurityEvent(db, {
    userId: event.userId,
    type: event.type,
    browser: browserNameOf(event.userAgent),
    network: networkOf(event.address),
    createdAt: at,
  });
}
