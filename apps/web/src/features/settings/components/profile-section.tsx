import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { Time } from '@/components/ui/time';
import { useIntl } from '@/lib/i18n/use-intl';
import { useAccount } from '@/features/settings/api/get-account';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangeUsernameDialog } from './change-username-dialog';
import { SettingsRow, SettingsRows } from './settings-row';

type ProfileDialog = 'username' | 'email' | null;

/** Profile: the username (once in 30 days) and the email (confirmed by a link to the new one). */
export function ProfileSection() {
  const intl = useIntl();
  const account = useAccount();
  const [dialog, setDialog] = useState<ProfileDialog>(null);
  const close = () => setDialog(null);
  const title = intl.formatMessage({ id: 'settings.profile', defaultMessage: 'Profile' });

  if (account.isError) {
    return (
      <Panel title={title} testId="settings-profile">
        <ErrorState
          message={intl.formatMessage({
            id: 'settings.profileFailed',
            defaultMessage: 'Your profile could not be loaded.',
          })}
          onRetry={() => void account.refetch()}
          className="py-6"
        />
      </Panel>
    );
  }

  const data = account.data;
  const changeableAt = data?.username_changeable_at ?? null;
  return (
    <Panel title={title} testId="settings-profile">
      <SettingsRows>
        <SettingsRow
          title={intl.formatMessage({ id: 'settings.username', defaultMessage: 'Username' })}
          testId="settings-username"
          dialog={
            dialog === 'username' &&
            data && <ChangeUsernameDialog username={data.username} onClose={close} />
          }
          actions={
            <Button
              variant="secondary"
              disabled={!data || changeableAt !== null}
              onClick={() => setDialog('username')}
            >
              {intl.formatMessage({
                id: 'settings.changeUsername',
                defaultMessage: 'Change username',
              })}
            </Button>
          }
        >
          {data ? (
            <>
              <p className="font-medium text-ink">{data.username}</p>
              <p data-testid="username-changeable-at">
                {changeableAt
                  ? intl.formatMessage(
                      {
                        id: 'settings.usernameChangeableAt',
                        defaultMessage: 'You can change it again on {date}.',
                      },
                      { date: <Time iso={changeableAt} dateOnly /> },
                    )
                  : intl.formatMessage({
                      id: 'settings.usernameOnceIn30Days',
                      defaultMessage: 'You can change it once in 30 days.',
                    })}
              </p>
            </>
          ) : (
            <SkeletonBar size="h-5 w-32" />
          )}
        </SettingsRow>
        <SettingsRow
          title={intl.formatMessage({ id: 'settings.email', defaultMessage: 'Email' })}
          testId="settings-email"
          dialog={dialog === 'email' && <ChangeEmailDialog onClose={close} />}
          actions={
            <Button variant="secondary" disabled={!data} onClick={() => setDialog('email')}>
              {intl.formatMessage({ id: 'settings.changeEmail', defaultMessage: 'Change email' })}
            </Button>
          }
        >
          {data ? (
            <>
              <p className="font-medium text-ink">{data.email}</p>
              {data.pending_email && (
                <p data-testid="pending-email">
                  {intl.formatMessage(
                    {
                      id: 'settings.pendingEmail',
                      defaultMessage:
                        'Waiting for you to confirm {email}: open the link we sent to it. Until then, this account keeps its current address.',
                    },
                    { email: <span className="font-medium text-ink">{data.pending_email}</span> },
                  )}
                </p>
              )}
            </>
          ) : (
            <SkeletonBar size="h-5 w-48" />
          )}
        </SettingsRow>
      </SettingsRows>
    </Panel>
  );
}
