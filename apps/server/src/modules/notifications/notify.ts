/**
 * How the rest of the server makes a notice: inside the transaction of the event it tells
 * of, so the notice exists exactly when the event does. One statement per kind of event
 * whatever the number of people (a cycle's end, an announcement): set-based.
 */
import { EVENT_OF_TYPE, type NotificationEvent, type NotificationType } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import {
  audienceReach,
  insertAudienceNotices,
  insertNotices,
  usersWithAppOff,
  type AudienceNotice,
  type NewNotice,
} from './notifications-repository.ts';
import { queueDeliveries } from './deliveries.ts';
import { tellUnreadChangedWhenCommitted } from './unread-signal.ts';

export type { AudienceNotice, NewNotice };

/**
 * Writes the notices in `tx`, each once (a dedupe key already written is skipped), for the
 * people whose app channel is on for the notice's event (security's may be turned off in the
 * app: only its mail is locked). Once `tx` commits, the live streams of the people who got
 * one are told their new unread count; a slow reader never holds the transaction up.
 * Each notice's mail (and the other channels of deliveries.ts) is queued as a job in `tx`
 * too, due at the end of the person's quiet hours when `now` falls inside them: `now` is
 * the event's moment, the caller's clock when it has one.
 * Answers how many notices were written.
 */
export async function notify(
  tx: Transaction,
  notices: NewNotice | readonly NewNotice[],
  now: Date = new Date(),
): Promise<number> {
  const all = Array.isArray(notices) ? (notices as readonly NewNotice[]) : [notices as NewNotice];
  const byEvent = new Map<NotificationEvent, NewNotice[]>();
  for (const notice of all) {
    const event = EVENT_OF_TYPE[notice.type];
    let ofEvent = byEvent.get(event);
    if (!ofEvent) byEvent.set(event, (ofEvent = []));
    ofEvent.push(notice);
  }
  const wanted: NewNotice[] = [];
  for (const [event, ofEvent] of byEvent) {
    const appOff = await usersWithAppOff(
      tx,
      ofEvent.map((notice) => notice.userId),
      event,
    );
    for (const notice of ofEvent) if (!appOff.has(notice.userId)) wanted.push(notice);
  }
  if (wanted.length === 0) return 0;
  const written = await insertNotices(tx, wanted);
  await queueDeliveries(tx, written, now);
  tellUnreadChangedWhenCommitted(tx, [...new Set(written.map((notice) => notice.userId))]);
  return written.length;
}

/**
 * Writes one notice for each person of an audience (an announcement), in `tx` and in one
 * statement whatever its size: each once (`<dedupeKeyPrefix><userId>`), and only for the
 * people whose app cell for the notice's event is on; their mail and push are queued as
 * notify's are. Once `tx` commits their live streams are told. Answers how many notices were
 * written.
 */
export async function notifyAudience(
  tx: Transaction,
  notice: AudienceNotice,
  now: Date = new Date(),
): Promise<number> {
  const written = await insertAudienceNotices(tx, notice, EVENT_OF_TYPE[notice.type]);
  await queueDeliveries(tx, written, now);
  tellUnreadChangedWhenCommitted(
    tx,
    written.map((notice) => notice.userId),
  );
  return written.length;
}

/** How many people of `audience` notifyAudience would reach with a notice of `type`. */
export function audienceReachOf(
  db: Queryable,
  audience: AudienceNotice['audience'],
  type: NotificationType,
): Promise<number> {
  return audienceReach(db, audience, EVENT_OF_TYPE[type]);
}
