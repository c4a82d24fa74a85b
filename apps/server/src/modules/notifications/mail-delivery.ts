/**
 * The `notice.mail` job (issue 30): a notice's own mail, in its recipient's language, with
 * the way to its page and the one-click unsubscribe of its event.
 *
 * Delivered once by its delivery key: the notice's `mailed_at` is checked before sending and
 * written after the mail server accepted the mail, so a job run again (a server killed, a
 * lease that ran out) finds it mailed and sends nothing. One window stays, and no queue can
 * close it without the receiver's help: a server that dies after the SMTP server accepted
 * the mail and before `mailed_at` is written sends it again when the job is retried. That
 * second copy has the same Message-ID (`<notice-<id>-mail@<host>>`), which many receivers use
 * to drop it; the reliability suite measures how often it happens (docs/ARCHITECTURE.md).
 */
import type { FastifyInstance } from 'fastify';
import {
  defaultNotificationPreferences,
  EVENT_OF_TYPE,
  type NotificationEvent,
} from '@netpulse/shared';
import { mailContextOf } from '../../providers/mail/templates.ts';
import { noticeMail } from '../../providers/mail/notice-mails.ts';
import type { JobToRun } from '../jobs/index.ts';
import { cellIsOn } from './deliveries.ts';
import { noticeToMail } from './notice-mail-repository.ts';
import { noticeTexts } from './notice-texts.ts';
import { markNoticesMailed } from './notifications-repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** The mails' addresses: where a notice leads, its unsubscribe, its Message-ID's host. */
export class MailLinks {
  readonly #publicUrl: string;
  readonly #host: string;
  readonly #tokens: UnsubscribeTokens;

  constructor(publicUrl: string, tokens: UnsubscribeTokens) {
    this.#publicUrl = publicUrl;
    this.#host = new URL(publicUrl).hostname;
    this.#tokens = tokens;
  }

  /** A notice's page: its app path on PUBLIC_URL, its https address, or the notices' list. */
  noticePage(link: string | null): string {
    if (link === null) return `${this.#publicUrl}/notifications`;
    return link.startsWith('/') ? `${this.#publicUrl}${link}` : link;
  }

  /** The API's one-click address: a POST unsubscribes, a GET leads to the web page. */
  unsubscribe(userId: number, events: readonly NotificationEvent[]): string {
    const token = this.#tokens.tokenFor(userId, events);
    return `${this.#publicUrl}/v1/api/notifications/unsubscribe?token=${token}`;
  }

  /** A Message-ID named after the delivery, so a copy sent again is the same message. */
  messageId(delivery: string): string {
    return `<${delivery}@${this.#host}>`;
  }
}

/** Handles `notice.mail`: sends the notice's mail unless it was sent, or is no longer wanted. */
export function noticeMailHandler(app: FastifyInstance, links: MailLinks) {
  return async (job: JobToRun): Promise<void> => {
    const { noticeId } = job.payload as { noticeId: number };
    const notice = await noticeToMail(app.db, noticeId);
    // Gone with its account, or mailed by an earlier run of this job: nothing to send.
    if (!notice || notice.mailedAt) return;
    const { recipient } = notice;
    const preferences = recipient.preferences ?? defaultNotificationPreferences();
    // Chosen away while it waited (an unsubscribe, the digest chosen instead): not sent.
    if (!cellIsOn(preferences, notice, 'mail') || preferences.mail_mode !== 'immediate') return;
    const texts = noticeTexts(recipient.locale, notice.type, notice.params);
    const mail = noticeMail(
      mailContextOf(app.config, recipient.locale),
      recipient.email,
      { ...texts, link: links.noticePage(notice.link) },
      {
        messageId: links.messageId(`notice-${notice.id}-mail`),
        unsubscribeUrl: links.unsubscribe(recipient.userId, [EVENT_OF_TYPE[notice.type]]),
      },
    );
    await app.mailer.send(mail);
    // The window between the accept above and this write is the one a crash may double.
    await markNoticesMailed(app.db, [notice.id], app.clock.now());
  };
}
