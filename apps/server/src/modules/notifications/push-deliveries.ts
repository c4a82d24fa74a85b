/**
 * Queues the push of the notices just written (issue 30): a `notice.push` job per notice
 * whose recipient turned push on for its event, in the notice's own transaction, due when
 * the recipient's quiet hours end. The delivery key names the notice and the channel, so
 * a push is queued once however often this runs.
 */
import {
  defaultNotificationPreferences,
  EVENT_OF_TYPE,
  type NotificationPreferences,
} from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { enqueueJob } from '../jobs/index.ts';
import { storedPreferencesOfUsers, type WrittenNotice } from './notifications-repository.ts';
import { deliverableAt } from './quiet-hours.ts';

export const NOTICE_PUSH_JOB = 'notice.push';

export interface NoticePushPayload {
  noticeId: number;
}

export const pushDeliveryKey = (noticeId: number) => `notice:${noticeId}:push`;

/** True when `preferences` want `notice` pushed. */
export function wantsPush(preferences: NotificationPreferences, notice: WrittenNotice): boolean {
  return preferences.channels[EVENT_OF_TYPE[notice.type]].push;
}

/** Queues a push job for each of `written` its recipient wants pushed; answers how many. */
export async function queuePushDeliveries(
  tx: Transaction,
  written: readonly WrittenNotice[],
  now: Date,
): Promise<number> {
  if (written.length === 0) return 0;
  const saved = await storedPreferencesOfUsers(
    tx,
    written.map((notice) => notice.userId),
  );
  const defaults = defaultNotificationPreferences();
  let queued = 0;
  for (const notice of written) {
    const preferences = saved.get(notice.userId) ?? defaults;
    if (!wantsPush(preferences, notice)) continue;
    const runAt = deliverableAt(preferences, now);
    const payload: NoticePushPayload = { noticeId: notice.id };
    const wasQueued = await enqueueJob(tx, {
      kind: NOTICE_PUSH_JOB,
      deliveryKey: pushDeliveryKey(notice.id),
      payload,
      // Omitted when due now: the job is due by the database's clock at once.
      ...(runAt > now ? { runAt } : {}),
    });
    if (wasQueued) queued += 1;
  }
  return queued;
}
