import type { NotificationRow } from '@netpulse/shared';
import { Link } from '@/lib/router';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { noticeLinkOf } from '@/features/notifications/notice-link';

interface NoticeItemProps {
  notice: NotificationRow;
  /** Marks the notice read; called when its link is followed or its button pressed. */
  onRead: (id: string) => void;
  /** The notice's own "mark as read" is on its way. */
  marking: boolean;
}

/** One notice of the list: its title (the link, when it has one), its text and its time. */
export function NoticeItem({ notice, onRead, marking }: NoticeItemProps) {
  const intl = useIntl();
  const unread = notice.read_at === null;
  const link = noticeLinkOf(notice.link);
  // The space keeps the word apart from the title when a screen reader joins them.
  const unreadLead = `${intl.formatMessage({ id: 'notifications.unreadMark', defaultMessage: 'Unread:' })} `;
  const markRead = () => {
    if (unread) onRead(notice.id);
  };
  const titleClasses = 'font-semibold text-ink';
  const linkClasses = cn(
    titleClasses,
    'underline decoration-ink-faint underline-offset-4 hover:decoration-accent-strong',
  );

  return (
    <li
      data-testid="notice"
      data-unread={unread || undefined}
      className={cn(
        'flex gap-3 rounded-xl border px-4 py-3',
        unread ? 'border-accent/40 bg-accent/5' : 'border-line',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-accent' : 'bg-transparent')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="text-sm break-words">
          {unread && (
            // A word a screen reader says before the title: the dot beside it is drawn only.
            <span className="sr-only">{unreadLead}</span>
          )}
          {link?.kind === 'app' ? (
            <Link to={link.to} onClick={markRead} className={linkClasses}>
              {notice.title}
            </Link>
          ) : link?.kind === 'web' ? (
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={markRead}
              className={linkClasses}
            >
              {notice.title}
            </a>
          ) : (
            <span className={titleClasses}>{notice.title}</span>
          )}
        </h3>
        <p className="text-sm break-words text-ink-muted">{notice.body}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Time iso={notice.created_at} className="text-xs text-ink-faint" />
          {unread && !link && (
            <button
              type="button"
              onClick={markRead}
              disabled={marking}
              className="min-h-10 rounded-lg px-2 text-xs font-medium text-accent-strong hover:underline disabled:opacity-50"
            >
              {intl.formatMessage({
                id: 'notifications.markRead',
                defaultMessage: 'Mark as read',
              })}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
