import { useSyncExternalStore } from 'react';
import {
  parseSignOutNotice,
  signOutNoticeSnapshot,
  subscribeSignOutNotice,
} from '@/lib/sign-out-notice';
import { useIntl } from '@/lib/i18n/use-intl';

/** The prerendered /login has no notice; the browser's render reads the tab's. */
const noNoticeOnTheServer = () => null;

/**
 * Why this tab is on /login (docs/decisions/033): the account was banned, with the
 * reason the operator chose to show, if any. Nothing otherwise.
 */
export function BannedNotice() {
  const intl = useIntl();
  const notice = parseSignOutNotice(
    useSyncExternalStore(subscribeSignOutNotice, signOutNoticeSnapshot, noNoticeOnTheServer),
  );
  if (!notice) return null;
  return (
    <div
      role="alert"
      data-testid="banned-notice"
      className="mb-6 rounded-xl border border-danger/50 bg-danger/10 p-4 text-sm text-ink"
    >
      <p className="font-semibold">
        {intl.formatMessage({
          id: 'bannedNotice.title',
          defaultMessage: 'This account was banned, so you were signed out.',
        })}
      </p>
      {notice.reason ? (
        <p className="mt-1 break-words text-ink-muted">
          {intl.formatMessage(
            { id: 'bannedNotice.reason', defaultMessage: 'Reason: {reason}' },
            { reason: notice.reason },
          )}
        </p>
      ) : (
        <p className="mt-1 text-ink-muted">
          {intl.formatMessage({
            id: 'bannedNotice.noReason',
            defaultMessage: 'No reason was given.',
          })}
        </p>
      )}
    </div>
  );
}
