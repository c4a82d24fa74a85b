import { Link } from '@/lib/router';
import { BellIcon } from '@/components/ui/signed-in-icons';
import { paths } from '@/config/paths';
import { useDelay } from '@/hooks/use-delay';
import { useIntl } from '@/lib/i18n/use-intl';
import { useFollowUnreadCount } from '@/features/notifications/api/follow-unread-count';
import { useUnreadCount } from '@/features/notifications/api/get-notifications';

/** Spec section 4: the header's reads wait about 200 ms, so the screen's own go first. */
const COUNT_LOAD_DELAY_MS = 200;

/** The badge's text: the count, or "99+" past 99 so the badge keeps its size. */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The header's bell: the unread count, kept live, and the way to /notifications. */
export function NotificationBell() {
  const intl = useIntl();
  const due = useDelay(COUNT_LOAD_DELAY_MS);
  const { data: unread = 0 } = useUnreadCount({ enabled: due });
  useFollowUnreadCount({ enabled: due });

  return (
    <Link
      to={paths.notifications.href()}
      aria-label={
        unread > 0
          ? intl.formatMessage(
              {
                id: 'notifications.bellUnread',
                defaultMessage: 'Notifications, {count, plural, one {# unread} other {# unread}}',
              },
              { count: unread },
            )
          : intl.formatMessage({ id: 'notifications.bell', defaultMessage: 'Notifications' })
      }
      data-testid="notification-bell"
      className="relative flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface-raised"
    >
      <BellIcon className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-semibold text-accent-ink tabular-nums"
        >
          {unreadBadgeText(unread)}
        </span>
      )}
    </Link>
  );
}
