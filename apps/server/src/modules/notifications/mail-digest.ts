/**
 * The daily digest (issue 30): for people who chose it, one mail a day at 08:00–08:59 in
 * their zone (outside their quiet hours) with their notices not mailed yet. An hourly
 * scheduled job finds them in one query and queues one job each, keyed
 * `digest:<userId>:<local date>`, so a person gets one digest a day however many servers
 * or runs there are; each job marks the notices it mailed, so the next digest skips them.
 */
import type { FastifyInstance } from 'fastify';
import {
  defaultNotificationPreferences,
  EVENT_OF_TYPE,
  type NotificationEvent,
} from '@netpulse/shared';
import { digestMail } from '../../providers/mail/notice-mails.ts';
import { mailContextOf } from '../../providers/mail/templates.ts';
import { enqueueJobs, type JobToRun } from '../jobs/index.ts';
import { cellIsOn } from './deliveries.ts';
import type { MailLinks } from './mail-delivery.ts';
import { digestCandidates, mailRecipientOf, unmailedNoticesOf } from './notice-mail-repository.ts';
import { noticeTexts } from './notice-texts.ts';
import { markNoticesMailed } from './notifications-repository.ts';
import { deliverableAt, localDateOf } from './quiet-hours.ts';

/** The hourly scan's schedule, and the job of one person's digest. */
export const DIGEST_SCAN_JOB = 'notices.mail-digest';
export const DIGEST_MAIL_JOB = 'notice.mail-digest';
export const DIGEST_SCAN_INTERVAL_MS = 3_600_000;

/** Queues a digest for each person whose morning it is: one read, one multi-row write. */
export function digestScanHandler(app: FastifyInstance) {
  return async (): Promise<void> => {
    const now = app.clock.now();
    const people = await digestCandidates(app.db, now);
    await enqueueJobs(
      app.db,
      people
        .filter(({ preferences }) => deliverableAt(preferences, now).getTime() === now.getTime())
        .map(({ userId, preferences }) => ({
          kind: DIGEST_MAIL_JOB,
          deliveryKey: `digest:${userId}:${localDateOf(now, preferences.time_zone)}`,
          payload: { userId },
        })),
    );
  };
}

/** Sends one person's digest of the notices not mailed yet, and marks them mailed. */
export function digestMailHandler(app: FastifyInstance, links: MailLinks) {
  return async (job: JobToRun): Promise<void> => {
    const { userId } = job.payload as { userId: number };
    const recipient = await mailRecipientOf(app.db, userId);
    if (!recipient) return;
    const preferences = recipient.preferences ?? defaultNotificationPreferences();
    // Security notices are mailed by the security events' module itself: never here again.
    const notices = (await unmailedNoticesOf(app.db, userId)).filter(
      (notice) => notice.type !== 'security' && cellIsOn(preferences, notice, 'mail'),
    );
    if (notices.length === 0) return;
    const events = [...new Set(notices.map((notice) => EVENT_OF_TYPE[notice.type]))];
    const mail = digestMail(
      mailContextOf(app.config, recipient.locale),
      recipient.email,
      notices.map((notice) => ({
        ...noticeTexts(recipient.locale, notice.type, notice.params),
        link: links.noticePage(notice.link),
      })),
      {
        messageId: links.messageId(job.deliveryKey.replaceAll(':', '-')),
        unsubscribeUrl: links.unsubscribe(userId, events as NotificationEvent[]),
      },
    );
    await app.mailer.send(mail);
    // As for a notice's own mail (mail-delivery.ts): a crash before this write resends.
    await markNoticesMailed(
      app.db,
      notices.map((notice) => notice.id),
      app.clock.now(),
    );
  };
}
