import type { UnreadEvent } from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notificationKeys } from '@/api/query-keys';
import { useAuthToken } from '@/hooks/use-auth-token';
import { usePageInView } from '@/hooks/use-page-in-view';
import { apiClient, isApiError } from '@/lib/api-client';
import { followEventStream, type StreamEvent } from '@/lib/event-stream';
import { NOTIFICATIONS_PATH } from './get-notifications';

export const UNREAD_STREAM_PATH = `${NOTIFICATIONS_PATH}/stream`;

/** How long a hidden tab keeps the stream before letting it go (it reconnects when shown). */
const HIDDEN_GRACE_MS = 5 * 60_000;

/**
 * The count an `unread` event carries, or null for any other event or a malformed one.
 * `unreadEventSchema`'s check written by hand, as api-data.ts reads answers: zod would ride
 * into the header's code on every signed-in page.
 */
export function unreadCountOf(event: StreamEvent): number | null {
  if (event.event !== 'unread') return null;
  try {
    const unread: unknown = (JSON.parse(event.data) as Partial<UnreadEvent> | null)?.unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/** A refused stream that ended the session (the client already sends the person to /login). */
const sessionIsOver = (error: unknown) =>
  isApiError(error) && (error.sessionExpired || error.status === 401 || error.status === 403);

/**
 * GET /notifications/stream: keeps the bell's count live while someone is signed in and the
 * tab is in view. The stream is opened again with each new token (a refresh, another tab's
 * sign-in), closed at sign-out and after the tab stayed hidden a while; when it comes back
 * the count is read again, since notices may have come while no stream was open.
 */
export function useFollowUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const token = useAuthToken();
  const inView = usePageInView(HIDDEN_GRACE_MS);
  const followedBefore = useRef(false);

  useEffect(() => {
    if (!enabled || !token || !inView) return;
    if (followedBefore.current) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
    }
    followedBefore.current = true;
    const controller = new AbortController();
    void followEventStream({
      open: (signal) => apiClient.openStream(UNREAD_STREAM_PATH, { signal }),
      onEvent: (event) => {
        const unread = unreadCountOf(event);
        if (unread === null) return;
        const before = queryClient.getQueryData<number>(notificationKeys.unread());
        queryClient.setQueryData(notificationKeys.unread(), unread);
        // A new notice: the list, if it is open, shows it.
        if (before === undefined || unread > before) {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() });
        }
      },
      signal: controller.signal,
      isFinal: sessionIsOver,
    });
    return () => controller.abort();
  }, [enabled, token, inView, queryClient]);
}
