/**
 * A notice's deliveries beyond the app (issue 30): each channel that the recipient's
 * preferences turn on for the notice's event is a job, queued in the notice's own
 * transaction with the delivery key `notice:<id>:<channel>`, so it exists exactly when the
 * notice does and is delivered once (docs/decisions/038). Mail and push wait for the end of
 * the person's quiet hours; the app does not.
 */
import {
  defaultNotificationPreferences,
  EVENT_OF_TYPE,
  isLockedOn,
  type NotificationChannel,
  type NotificationPreferences,
} from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { enqueueJobs, type JobToQueue } from '../jobs/index.ts';
import { storedPreferencesOfUsers, type WrittenNotice } from './notifications-repository.ts';
import { deliverableAt } from './quiet-hours.ts';

/** The job kind of a notice's own mail (mail-delivery.ts handles it). */
export const NOTICE_MAIL_JOB = 'notice.mail';

/** The job kind of a notice's push (push-delivery.ts handles it). */
export const NOTICE_PUSH_JOB = 'notice.push';

/** What a delivery job carries: the notice, read again when the job runs. */
export interface NoticeDeliveryPayload {
  noticeId: number;
}

/** A channel that delivers notices through the job queue. */
export interface DeliveryChannel {
  channel: Exclude<NotificationChannel, 'app' | 'extension'>;
  /** The job kind its handler is registered under. */
  jobKind: string;
  /** Whether this notice goes by this channel at all, its cell aside. */
  carries(notice: WrittenNotice, preferences: NotificationPreferences): boolean;
}

/** The channels each notice may be queued for: another one is one more entry here. */
export const DELIVERY_CHANNELS: readonly DeliveryChannel[] = [
  {
    channel: 'mail',
    jobKind: NOTICE_MAIL_JOB,
    carries: (notice, preferences) =>
      // A security event is mailed by the security events' module itself, with its
      // circumstances (security-events-service.ts): its notice is not mailed a second time.
      notice.type !== 'security' &&
      // In digest mode the day's digest carries the notice (mail-digest.ts).
      preferences.mail_mode === 'immediate',
  },
  // Every notice may be pushed; the person's push cell decides.
  { channel: 'push', jobKind: NOTICE_PUSH_JOB, carries: () => true },
];

/** The delivery key of a notice on a channel: one delivery, however often it is queued. */
export const deliveryKeyOf = (noticeId: number, channel: string) => `notice:${noticeId}:${channel}`;

/** Whether the person's cell for this event and channel is on (a locked cell always is). */
export function cellIsOn(
  preferences: NotificationPreferences,
  notice: Pick<WrittenNotice, 'type'>,
  channel: NotificationChannel,
): boolean {
  const event = EVENT_OF_TYPE[notice.type];
  return isLockedOn(event, channel) || preferences.channels[event][channel];
}

/**
 * Queues the deliveries of the notices just `written` in `tx`: the recipients' preferences
 * in one query, then every job in a few multi-row statements (10,000 notices of a cycle's
 * end stay a handful of statements). `now` is the event's moment, read against quiet hours.
 */
export async function queueDeliveries(
  tx: Transaction,
  written: readonly WrittenNotice[],
  now: Date,
): Promise<number> {
  if (written.length === 0) return 0;
  const stored = await storedPreferencesOfUsers(tx, [
    ...new Set(written.map((notice) => notice.userId)),
  ]);
  const defaults = defaultNotificationPreferences();
  const jobs: JobToQueue[] = [];
  for (const notice of written) {
    const preferences = stored.get(notice.userId) ?? defaults;
    for (const delivery of DELIVERY_CHANNELS) {
      if (!delivery.carries(notice, preferences)) continue;
      if (!cellIsOn(preferences, notice, delivery.channel)) continue;
      const runAt = deliverableAt(preferences, now);
      jobs.push({
        kind: delivery.jobKind,
        deliveryKey: deliveryKeyOf(notice.id, delivery.channel),
        payload: { noticeId: notice.id } satisfies NoticeDeliveryPayload,
        // At once is the database's now(): servers agree on it (docs/decisions/038).
        ...(runAt === now ? {} : { runAt }),
      });
    }
  }
  return enqueueJobs(tx, jobs);
}
