/**
 * The reader's side of the notices: the list in the reader's language, marking read, and
 * the preferences (the defaults until the person saves; the locked cells always on).
 */
import type { CatalogLocale } from '@netpulse/i18n';
import {
  defaultNotificationPreferences,
  isLockedOn,
  isOfferedCell,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type MarkNotificationsRead,
  type NotificationPreferences,
  type NotificationRow,
  type NotificationsQuery,
} from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { noticeTexts } from './notice-texts.ts';
import {
  markNoticesRead,
  noticePage,
  savePreferences,
  storedPreferencesOf,
  unreadCountOf,
  type StoredNotice,
} from './notifications-repository.ts';
import { tellUnreadChanged } from './unread-signal.ts';

export { unreadCountOf };

function toNotificationRow(locale: CatalogLocale, notice: StoredNotice): NotificationRow {
  return {
    id: String(notice.id),
    type: notice.type,
    ...noticeTexts(locale, notice.type, notice.params),
    link: notice.link,
    created_at: notice.createdAt.toISOString(),
    read_at: notice.readAt?.toISOString() ?? null,
  };
}

/** A page of the reader's notices, written in `locale`, with their unread count. */
export async function notificationsPage(
  db: Database,
  userId: number,
  locale: CatalogLocale,
  query: NotificationsQuery,
) {
  const [found, unread] = await Promise.all([
    noticePage(db, userId, query, query.unread),
    unreadCountOf(db, userId),
  ]);
  return {
    rows: found.rows.map((notice) => toNotificationRow(locale, notice)),
    total: found.total,
    unread,
  };
}

/** An id a notice can have; any other string names no notice, so it is ignored. */
const NOTICE_ID = /^[1-9]\d{0,14}$/;

/** Marks the reader's notices read (another account's ids change nothing); answers the unread count. */
export async function markRead(
  db: Database,
  userId: number,
  request: MarkNotificationsRead,
  at: Date,
): Promise<number> {
  const ids = 'all' in request ? 'all' : request.ids.filter((id) => NOTICE_ID.test(id)).map(Number);
  const changed = ids.length === 0 ? 0 : await markNoticesRead(db, userId, ids, at);
  if (changed > 0) tellUnreadChanged(db, [userId]);
  return unreadCountOf(db, userId);
}

/**
 * The preferences as they hold: the cells the matrix does not offer are off and the locked
 * ones on, whatever was sent or stored.
 */
function settled(preferences: NotificationPreferences): NotificationPreferences {
  const channels = { ...preferences.channels };
  for (const event of NOTIFICATION_EVENTS) {
    const cells = { ...channels[event] };
    for (const channel of NOTIFICATION_CHANNELS) {
      if (isLockedOn(event, channel)) cells[channel] = true;
      else if (!isOfferedCell(event, channel)) cells[channel] = false;
    }
    channels[event] = cells;
  }
  return { ...preferences, channels };
}

export async function preferencesOf(db: Database, userId: number) {
  return settled((await storedPreferencesOf(db, userId)) ?? defaultNotificationPreferences());
}

export async function updatePreferences(
  db: Database,
  userId: number,
  preferences: NotificationPreferences,
  at: Date,
): Promise<NotificationPreferences> {
  const kept = settled(preferences);
  await savePreferences(db, userId, kept, at);
  return kept;
}
