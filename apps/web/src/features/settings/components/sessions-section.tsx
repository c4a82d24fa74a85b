import type { AccountSession } from '@netpulse/shared';
import { useLogout } from '@/api/logout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { Time } from '@/components/ui/time';
import { apiFailureMessage } from '@/lib/api-error-message';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useEndOtherSessions } from '@/features/settings/api/end-other-sessions';
import { useEndSession } from '@/features/settings/api/end-session';
import { useSessions } from '@/features/settings/api/get-sessions';

/**
 * Sessions: every browser signed in to the account, with its place as a network only (never
 * an address). Each can be signed out; signing out this browser's own ends the session here.
 */
export function SessionsSection() {
  const intl = useIntl();
  const sessions = useSessions();
  const logout = useLogout();
  const endSession = useEndSession({
    onSuccess: (_answer, sessionId) => {
      const ended = sessions.data?.find((session) => session.id === sessionId);
      if (ended?.current) {
        toast.success(
          activeIntl().formatMessage({
            id: 'settings.signedOutHere',
            defaultMessage: 'You signed out of this browser.',
          }),
        );
        logout.mutate({ sessionEnded: true });
        return;
      }
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.sessionEnded',
          defaultMessage: 'That browser is signed out.',
        }),
      );
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  const endOthers = useEndOtherSessions({
    onSuccess: (ended) =>
      toast.success(
        activeIntl().formatMessage(
          {
            id: 'settings.otherSessionsEnded',
            defaultMessage:
              '{count, plural, =0 {No other browser was signed in.} one {# other browser was signed out.} other {# other browsers were signed out.}}',
          },
          { count: ended },
        ),
      ),
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  let list;
  if (sessions.isError) {
    list = (
      <ErrorState
        message={intl.formatMessage({
          id: 'settings.sessionsFailed',
          defaultMessage: 'Your sessions could not be loaded.',
        })}
        onRetry={() => void sessions.refetch()}
        className="py-6"
      />
    );
  } else if (!sessions.data) {
    list = (
      <div className="flex flex-col gap-3">
        <SkeletonBar size="h-16 w-full" corners="rounded-lg" />
        <SkeletonBar size="h-16 w-full" corners="rounded-lg" />
      </div>
    );
  } else {
    list = (
      <ul
        className="flex flex-col gap-3"
        aria-label={intl.formatMessage({
          id: 'settings.sessionsList',
          defaultMessage: 'Signed-in browsers',
        })}
        data-testid="session-list"
      >
        {sessions.data.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            ending={endSession.isPending && endSession.variables === session.id}
            onEnd={() => endSession.mutate(session.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.sessions', defaultMessage: 'Sessions' })}
      testId="settings-sessions"
      actions={
        <Button
          variant="secondary"
          disabled={others === 0}
          isLoading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {intl.formatMessage({
            id: 'settings.signOutOthers',
            defaultMessage: 'Sign out all other sessions',
          })}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-ink-muted">
        {intl.formatMessage({
          id: 'settings.sessionsExplained',
          defaultMessage:
            'The browsers signed in to your account. A place is shown as its network only. If you do not know one, sign it out and change your password.',
        })}
      </p>
      {list}
    </Panel>
  );
}

function SessionItem({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const intl = useIntl();
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface-raised p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session"
      data-current={session.current || undefined}
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span className="break-words">{session.browser}</span>
          {session.current && (
            <Badge>
              {intl.formatMessage({ id: 'settings.thisBrowser', defaultMessage: 'This browser' })}
            </Badge>
          )}
        </p>
        <p className="text-ink-muted">
          {session.network
            ? intl.formatMessage(
                { id: 'settings.sessionNetwork', defaultMessage: 'Network {network}' },
                { network: <span dir="ltr">{session.network}</span> },
              )
            : intl.formatMessage({
                id: 'settings.sessionNoNetwork',
                defaultMessage: 'Network unknown',
              })}
        </p>
        <p className="text-xs text-ink-muted">
          {intl.formatMessage(
            { id: 'settings.sessionSignedIn', defaultMessage: 'Signed in {time}' },
            { time: <Time iso={session.created_at} /> },
          )}
        </p>
        <p className="text-xs text-ink-muted">
          {intl.formatMessage(
            { id: 'settings.sessionLastUsed', defaultMessage: 'Last used {time}' },
            { time: <Time iso={session.last_used_at} /> },
          )}
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" isLoading={ending} onClick={onEnd}>
        {intl.formatMessage({ id: 'settings.signOut', defaultMessage: 'Sign out' })}
      </Button>
    </li>
  );
}
