import type { MarkNotificationsRead } from '@netpulse/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { Panel } from '@/components/ui/panel';
import { LoadingState } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { NoticeItem } from './notice-item';

/** True when the read marks on their way include this notice. */
function isMarking(request: MarkNotificationsRead | undefined, id: string): boolean {
  return request !== undefined && 'ids' in request && request.ids.includes(id);
}

/**
 * The notices (issue 30), newest first, ten a page: the unread ones marked, each opening
 * where it matters and read once opened; all of them marked read at once; the unread alone.
 */
export function NotificationsScreen() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const notices = useNotifications({ pageNumber: page, unreadOnly });
  const failed = () =>
    toast.error(
      intl.formatMessage({
        id: 'notifications.markFailed',
        defaultMessage: 'The notifications could not be marked as read. Please try again.',
      }),
    );
  const markRead = useMarkNotificationsRead({ onError: failed });
  const markAll = useMarkNotificationsRead({ onError: failed });

  // Spec section 4: the list empties while a request is on its way.
  const loading = notices.isFetching;
  const rows = loading || notices.isError ? [] : (notices.data?.rows ?? []);
  const meta = notices.data?.meta;
  const unread = notices.data?.unread ?? 0;

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="notifications">
      <PageHeading
        title={intl.formatMessage({ id: 'notifications.title', defaultMessage: 'Notifications' })}
      >
        <Button
          variant="secondary"
          isLoading={markAll.isPending}
          disabled={unread === 0}
          onClick={() => markAll.mutate({ all: true })}
        >
          {intl.formatMessage({
            id: 'notifications.markAllRead',
            defaultMessage: 'Mark all as read',
          })}
        </Button>
      </PageHeading>
      <Panel
        title={intl.formatMessage(
          {
            id: 'notifications.panelTitle',
            defaultMessage: '{count, plural, =0 {Nothing unread} one {# unread} other {# unread}}',
          },
          { count: unread },
        )}
        actions={
          <Switch
            label={intl.formatMessage({
              id: 'notifications.unreadOnly',
              defaultMessage: 'Unread only',
            })}
            checked={unreadOnly}
            onCheckedChange={(checked) => {
              setUnreadOnly(checked);
              setPage(1);
            }}
          />
        }
      >
        {notices.isError ? (
          <ErrorState
            message={intl.formatMessage({
              id: 'notifications.failed',
              defaultMessage: 'The notifications could not be loaded.',
            })}
            onRetry={() => void notices.refetch()}
          />
        ) : loading ? (
          <LoadingState
            label={intl.formatMessage({
              id: 'notifications.loading',
              defaultMessage: 'Loading notifications…',
            })}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            message={
              unreadOnly
                ? intl.formatMessage({
                    id: 'notifications.emptyUnread',
                    defaultMessage: 'You have read every notification.',
                  })
                : intl.formatMessage({
                    id: 'notifications.empty',
                    defaultMessage:
                      'No notifications yet. We will tell you here when a node goes quiet, a friend qualifies or a cycle ends.',
                  })
            }
          />
        ) : (
          <ul className="flex flex-col gap-3" data-testid="notice-list">
            {rows.map((notice) => (
              <NoticeItem
                key={notice.id}
                notice={notice}
                marking={markRead.isPending && isMarking(markRead.variables, notice.id)}
                onRead={(id) => markRead.mutate({ ids: [id] })}
              />
            ))}
          </ul>
        )}
        {meta && meta.total_results > 0 && (
          <Pagination
            className="mt-4"
            label={intl.formatMessage({
              id: 'notifications.pages',
              defaultMessage: 'Notification pages',
            })}
            currentPage={page}
            totalPages={meta.total_pages}
            onPageChange={setPage}
          />
        )}
      </Panel>
    </section>
  );
}
