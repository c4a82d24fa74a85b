/**
 * The account's security events (issue 29): each is kept for the person's data export and
 * told to the account by mail. Browser and network only, never the address (lib/ helpers).
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { networkOf } from '../../lib/address-network.ts';
import { browserNameOf } from '../../lib/browser-name.ts';
import { insertSecurityEvent, type SecurityEventType } from './security-events-repository.ts';

/** What recording an event uses of the app (routes pass the app itself). */
export type SecurityEventContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'mailer' | 'log'
>;

export interface SecurityEvent {
  userId: number;
  type: SecurityEventType;
  /** The user agent of the request that did it. */
  userAgent?: string | undefined;
  /** The address of the request that did it (reduced to its network). */
  address?: string | undefined;
}

/**
 * Records an event. `db` is the transaction of the change it tells of when there is one, so
 * the event exists exactly when the change does.
 */
export async function recordSecurityEvent(
  context: SecurityEventContext,
  event: SecurityEvent,
  db: Queryable = context.db,
): Promise<void> {
  await insertSecurityEvent(db, {
    userId: event.userId,
    type: event.type,
    browser: browserNameOf(event.userAgent),
    network: networkOf(event.address),
    createdAt: context.clock.now(),
  });
}
