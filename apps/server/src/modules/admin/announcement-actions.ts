/**
 * Announcements (issue 30): the operator's words sent as a notice to every member, or to
 * those active lately. The preview writes nothing; the send records the announcement, writes
 * every member's notice in one statement and its audit row, all in one transaction.
 */
import type { Announcement, AnnouncementPreview } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audienceReachOf, noticeTexts, notifyAudience } from '../notifications/index.ts';
import type { CatalogLocale } from '@netpulse/i18n';
import {
  insertAnnouncement,
  setAnnouncementRecipients,
  type StoredAnnouncement,
} from './announcements-repository.ts';
import { writeAudit, type Actor } from './audit-log-repository.ts';
import { announcementAudience } from './console-read-model.ts';

/** A notice holds the operator's words as parameters: its texts are the words as written. */
const paramsOf = (announcement: Announcement) => ({
  title: announcement.title,
  text: announcement.text,
});

/** How many accounts the announcement would reach, and its notice as a member will see it. */
export async function previewAnnouncement(
  db: Database,
  announcement: Announcement,
  locale: CatalogLocale,
  now: Date,
): Promise<AnnouncementPreview> {
  const audience = announcementAudience(announcement.activeWithinDays, now);
  return {
    recipients: await audienceReachOf(db, audience, 'announcement'),
    notice: {
      ...noticeTexts(locale, 'announcement', paramsOf(announcement)),
      link: announcement.link ?? null,
    },
  };
}

/** Sends the announcement: one notice per account reached, once each; answers its record. */
export function sendAnnouncement(
  db: Database,
  actor: Actor,
  announcement: Announcement,
  now: Date,
): Promise<StoredAnnouncement> {
  return inTransaction(db, async (tx) => {
    const stored = await insertAnnouncement(tx, announcement, actor, now);
    const recipients = await notifyAudience(tx, {
      audience: announcementAudience(announcement.activeWithinDays, now),
      type: 'announcement',
      params: paramsOf(announcement),
      link: stored.link,
      dedupeKeyPrefix: `announcement:${stored.id}:`,
    });
    await setAnnouncementRecipients(tx, stored.id, recipients);
    await writeAudit(
      tx,
      actor,
      {
        action: 'announcement.send',
        target: `announcement:${stored.id}`,
        before: null,
        after: { title: stored.title, recipients },
      },
      now,
    );
    return { ...stored, recipients };
  });
}
