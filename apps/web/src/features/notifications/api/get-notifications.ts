import type { NotificationRow } from '@netpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '@/api/query-keys';
import { usePagedQuery } from '@/hooks/use-paged-query';
import { apiClient } from '@/lib/api-client';
import { readPage, type Page } from '@/lib/api-data';

export const NOTIFICATIONS_PATH = '/api/notifications';

/** Notices a page of the list shows (the brief's 10, not the tables' 5: a notice is short). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export interface NotificationsFilter {
  pageNumber: number;
  /** Only the notices not read yet. */
  unreadOnly: boolean;
}

/** A page of notices, with the account's unread count beside it (`meta.unread`). */
export interface NotificationsPage extends Page<NotificationRow> {
  unread: number;
}

/** `meta.unread`: the contract puts the count beside the page's own meta. */
function unreadOf(meta: unknown): number {
  const unread = (meta as { unread?: unknown } | undefined)?.unread;
  return typeof unread === 'number' && unread >= 0 ? unread : 0;
}

/** GET /notifications: a page of the account's notices, newest first. */
export async function getNotifications(
  { pageNumber, unreadOnly }: NotificationsFilter,
  pageSize = NOTIFICATIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const envelope = await apiClient.get<NotificationRow[]>(NOTIFICATIONS_PATH, {
    query: { pageNumber, pageSize, unread: unreadOnly ? 'true' : undefined },
    signal,
  });
  return { ...readPage(envelope), unread: unreadOf(envelope.meta) };
}

export function useNotifications(filter: NotificationsFilter) {
  return usePagedQuery({
    queryKey: notificationKeys.page(filter),
    fetchPage: (signal) => getNotifications(filter, NOTIFICATIONS_PAGE_SIZE, signal),
  });
}

/** The unread count alone: the smallest page there is, for its `meta.unread`. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await getNotifications({ pageNumber: 1, unreadOnly: false }, 1, signal);
  return page.unread;
}

/** The header bell's count; the live stream (`follow-unread-count.ts`) keeps it current. */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
  });
}
