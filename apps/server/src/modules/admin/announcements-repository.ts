/** The console's past announcements (admin-tables.ts `announcements`): written once, listed newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { Announcement, PageQuery } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { announcements } from '../../db/tables/admin-tables.ts';
import type { Actor } from './audit-log-repository.ts';

export type StoredAnnouncement = typeof announcements.$inferSelect;

/** Records an announcement as sent by `actor`, reaching nobody yet; answers its row. */
export async function insertAnnouncement(
  db: Queryable,
  announcement: Announcement,
  actor: Actor,
  at: Date,
): Promise<StoredAnnouncement> {
  const [row] = await db
    .insert(announcements)
    .values({
      title: announcement.title,
      text: announcement.text,
      link: announcement.link ?? null,
      activeWithinDays: announcement.activeWithinDays,
      sentBy: actor.id,
      sentByName: actor.username,
      sentAt: at,
      recipients: 0,
    })
    .returning();
  return row!;
}

export async function setAnnouncementRecipients(
  db: Queryable,
  id: number,
  recipients: number,
): Promise<void> {
  await db.update(announcements).set({ recipients }).where(eq(announcements.id, id));
}

/** A page of the past announcements, the latest first. */
export async function announcementsPage(
  db: Queryable,
  page: PageQuery,
): Promise<{ rows: StoredAnnouncement[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.sentAt), desc(announcements.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db.select({ total: count() }).from(announcements),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
