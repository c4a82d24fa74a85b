import type { Passkey, TotpSetup } from '@netpulse/shared';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { Time } from '@/components/ui/time';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useAccount } from '@/features/settings/api/get-account';
import { usePasskeys } from '@/features/settings/api/get-passkeys';
import { useTwoFactor } from '@/features/settings/api/get-two-factor';
import { useStartTotpSetup } from '@/features/settings/api/start-totp-setup';
import { ChangePasswordDialog } from './change-password-dialog';
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs';
import { SettingsRow, SettingsRows } from './settings-row';
import { NewRecoveryCodesDialog, TurnOffTotpDialog } from './totp-code-dialogs';
import { TotpSetupDialog } from './totp-setup-dialog';

/** Sign-in and security: the password, the authenticator app, the passkeys. */
export function SecuritySection() {
  const intl = useIntl();
  return (
    <Panel
      title={intl.formatMessage({
        id: 'settings.security',
        defaultMessage: 'Sign-in and security',
      })}
      testId="settings-security"
    >
      <SettingsRows>
        <PasswordRow />
        <AuthenticatorRow />
        <PasskeysRow />
      </SettingsRows>
    </Panel>
  );
}

function PasswordRow() {
  const intl = useIntl();
  const account = useAccount();
  const [open, setOpen] = useState(false);
  return (
    <SettingsRow
      title={intl.formatMessage({ id: 'settings.password', defaultMessage: 'Password' })}
      testId="settings-password"
      dialog={
        open &&
        account.data && (
          <ChangePasswordDialog
            owner={{ username: account.data.username, email: account.data.email }}
            onClose={() => setOpen(false)}
          />
        )
      }
      actions={
        <Button variant="secondary" disabled={!account.data} onClick={() => setOpen(true)}>
          {intl.formatMessage({ id: 'settings.changePassword', defaultMessage: 'Change password' })}
        </Button>
      }
    >
      {intl.formatMessage({
        id: 'settings.passwordExplained',
        defaultMessage:
          'Changing it signs out every other browser. This one and your extension stay signed in.',
      })}
    </SettingsRow>
  );
}

type AuthenticatorDialog =
  { kind: 'setup'; setup: TotpSetup } | { kind: 'turn-off' } | { kind: 'new-codes' } | null;

function AuthenticatorRow() {
  const intl = useIntl();
  const status = useTwoFactor();
  const account = useAccount();
  const [dialog, setDialog] = useState<AuthenticatorDialog>(null);
  const close = () => setDialog(null);
  const startSetup = useStartTotpSetup({
    onSuccess: (setup) => setDialog({ kind: 'setup', setup }),
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  const username = account.data?.username ?? '';
  const on = status.data?.totp === true;

  let actions = null;
  if (status.data && !on) {
    actions = (
      <Button isLoading={startSetup.isPending} onClick={() => startSetup.mutate()}>
        {intl.formatMessage({ id: 'settings.totpSetUp', defaultMessage: 'Set up' })}
      </Button>
    );
  } else if (on) {
    actions = (
      <>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'new-codes' })}>
          {intl.formatMessage({
            id: 'settings.newRecoveryCodes',
            defaultMessage: 'New recovery codes',
          })}
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'turn-off' })}>
          {intl.formatMessage({ id: 'settings.totpTurnOff', defaultMessage: 'Turn off' })}
        </Button>
      </>
    );
  }

  return (
    <SettingsRow
      title={intl.formatMessage({
        id: 'settings.authenticatorApp',
        defaultMessage: 'Authenticator app',
      })}
      testId="settings-totp"
      actions={actions}
      dialog={
        <>
          {dialog?.kind === 'setup' && (
            <TotpSetupDialog setup={dialog.setup} username={username} onClose={close} />
          )}
          {dialog?.kind === 'turn-off' && <TurnOffTotpDialog onClose={close} />}
          {dialog?.kind === 'new-codes' && (
            <NewRecoveryCodesDialog username={username} onClose={close} />
          )}
        </>
      }
    >
      {status.isError ? (
        <ErrorState
          message={intl.formatMessage({
            id: 'settings.twoFactorFailed',
            defaultMessage: 'Your second factors could not be loaded.',
          })}
          onRetry={() => void status.refetch()}
          className="items-start px-0 py-2 text-start"
        />
      ) : !status.data ? (
        <SkeletonBar size="h-5 w-56" />
      ) : on ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Badge testId="totp-on">
              {intl.formatMessage({ id: 'settings.totpOn', defaultMessage: 'On' })}
            </Badge>
            {intl.formatMessage({
              id: 'settings.totpOnExplained',
              defaultMessage: 'Signing in with your password also asks for a code from the app.',
            })}
          </p>
          <p data-testid="recovery-codes-left">
            {intl.formatMessage(
              {
                id: 'settings.recoveryCodesLeft',
                defaultMessage:
                  '{count, plural, =0 {No recovery codes left: make new ones.} one {# recovery code left.} other {# recovery codes left.}}',
              },
              { count: status.data.recovery_codes_left },
            )}
          </p>
        </>
      ) : (
        intl.formatMessage({
          id: 'settings.totpOffExplained',
          defaultMessage:
            'Ask for a code from an app on your phone after your password, so that a stolen password alone cannot sign in.',
        })
      )}
    </SettingsRow>
  );
}

type PasskeyDialog =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey }
  | null;

function PasskeysRow() {
  const intl = useIntl();
  const passkeys = usePasskeys();
  const [dialog, setDialog] = useState<PasskeyDialog>(null);
  const close = () => setDialog(null);

  let list;
  if (passkeys.isError) {
    list = (
      <ErrorState
        message={intl.formatMessage({
          id: 'settings.passkeysFailed',
          defaultMessage: 'Your passkeys could not be loaded.',
        })}
        onRetry={() => void passkeys.refetch()}
        className="items-start px-0 py-2 text-start"
      />
    );
  } else if (!passkeys.data) {
    list = <SkeletonBar size="h-5 w-56" />;
  } else if (passkeys.data.length > 0) {
    list = (
      <ul className="mt-2 flex flex-col gap-2" data-testid="passkey-list">
        {passkeys.data.map((passkey) => (
          <li
            key={passkey.id}
            className="flex flex-col gap-2 rounded-lg border border-line bg-surface-raised p-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="passkey"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="font-medium break-words text-ink">{passkey.name}</p>
              <p className="text-xs">
                {intl.formatMessage(
                  { id: 'settings.passkeyAddedAt', defaultMessage: 'Added {date}' },
                  { date: <Time iso={passkey.created_at} dateOnly /> },
                )}
              </p>
              <p className="text-xs">
                {passkey.last_used_at
                  ? intl.formatMessage(
                      { id: 'settings.passkeyLastUsed', defaultMessage: 'Last used {time}' },
                      { time: <Time iso={passkey.last_used_at} /> },
                    )
                  : intl.formatMessage({
                      id: 'settings.passkeyNeverUsed',
                      defaultMessage: 'Not used yet',
                    })}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="ghost"
                className="min-h-10 px-3"
                onClick={() => setDialog({ kind: 'rename', passkey })}
              >
                {intl.formatMessage({ id: 'settings.rename', defaultMessage: 'Rename' })}
              </Button>
              <Button
                variant="ghost"
                className="min-h-10 px-3 text-danger"
                onClick={() => setDialog({ kind: 'remove', passkey })}
              >
                {intl.formatMessage({ id: 'settings.remove', defaultMessage: 'Remove' })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SettingsRow
      title={intl.formatMessage({ id: 'settings.passkeys', defaultMessage: 'Passkeys' })}
      testId="settings-passkeys"
      dialog={
        <>
          {dialog?.kind === 'add' && <AddPasskeyDialog onClose={close} />}
          {dialog?.kind === 'rename' && (
            <RenamePasskeyDialog passkey={dialog.passkey} onClose={close} />
          )}
          {dialog?.kind === 'remove' && (
            <RemovePasskeyDialog passkey={dialog.passkey} onClose={close} />
          )}
        </>
      }
      actions={
        <Button variant="secondary" onClick={() => setDialog({ kind: 'add' })}>
          {intl.formatMessage({ id: 'settings.addPasskey', defaultMessage: 'Add a passkey' })}
        </Button>
      }
    >
      <p>
        {intl.formatMessage({
          id: 'settings.passkeysExplained',
          defaultMessage:
            'Sign in with your fingerprint, face or screen lock instead of a password and a code.',
        })}
      </p>
      {list}
    </SettingsRow>
  );
}
