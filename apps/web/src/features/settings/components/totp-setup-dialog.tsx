import type { TotpSetup } from '@netpulse/shared';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { OneTimeCodeField } from '@/components/ui/one-time-code-field';
import { CopyIcon } from '@/components/ui/signed-in-icons';
import { Spinner } from '@/components/ui/spinner';
import { copyWithToast } from '@/components/share/copy-link-button';
import { totpCodeRules } from '@/lib/field-validation';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useConfirmTotp } from '@/features/settings/api/confirm-totp';
import { DialogButtons } from './dialog-buttons';
import { RecoveryCodesView } from './recovery-codes-view';

/** The QR code's module and its library, fetched when a setup opens. */
const QrCode = lazy(async () => ({ default: (await import('./qr-code')).QrCode }));

/** The secret in groups of four, as apps that take it typed show it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up an authenticator app: its QR code and the secret as text, then a first code from
 * the app turns two-factor sign-in on, and the ten recovery codes are shown once.
 */
export function TotpSetupDialog({
  setup,
  username,
  onClose,
}: {
  setup: TotpSetup;
  username: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm({ mode: 'onTouched', defaultValues: { code: '' } });
  const confirm = useConfirmTotp({
    onSuccess: (codes) => {
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.totpTurnedOn',
          defaultMessage: 'Two-factor sign-in is on: signing in now asks for a code from your app.',
        }),
      );
      setRecoveryCodes(codes);
    },
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: ['code'],
      }),
  });
  const onSubmit = form.handleSubmit(({ code }) => confirm.mutate({ code }));

  if (recoveryCodes) {
    return (
      <Modal
        title={intl.formatMessage({
          id: 'settings.saveRecoveryCodes',
          defaultMessage: 'Save your recovery codes',
        })}
        onClose={onClose}
        testId="totp-setup-dialog"
      >
        <RecoveryCodesView codes={recoveryCodes} username={username} onDone={onClose} />
      </Modal>
    );
  }

  const qrLabel = intl.formatMessage({
    id: 'settings.totpQrLabel',
    defaultMessage: 'QR code to scan with your authenticator app',
  });
  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.totpSetupTitle',
        defaultMessage: 'Set up an authenticator app',
      })}
      onClose={onClose}
      testId="totp-setup-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'settings.totpScan',
            defaultMessage:
              'Scan this QR code with an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis.',
          })}
        </p>
        <div className="flex justify-center">
          <Suspense
            fallback={
              <div className="flex size-48 items-center justify-center rounded-lg bg-surface-raised">
                <Spinner className="text-accent" />
              </div>
            }
          >
            <QrCode text={setup.otpauthUrl} label={qrLabel} />
          </Suspense>
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">
            {intl.formatMessage({
              id: 'settings.totpKeyInstead',
              defaultMessage: 'Cannot scan it? Type this key into the app instead:',
            })}
          </p>
          <div className="flex items-center gap-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface-raised px-3 py-2 font-mono text-sm break-words text-ink"
              data-testid="totp-secret"
            >
              {groupedSecret(setup.secret)}
            </code>
            <Button
              variant="secondary"
              onClick={() => void copyWithToast(setup.secret)}
              aria-label={intl.formatMessage({
                id: 'settings.copyKey',
                defaultMessage: 'Copy the key',
              })}
            >
              <CopyIcon className="size-4" />
            </Button>
          </div>
        </div>
        <OneTimeCodeField
          label={intl.formatMessage({
            id: 'settings.totpFirstCode',
            defaultMessage: 'Then enter the 6-digit code the app shows',
          })}
          error={form.formState.errors.code?.message}
          {...form.register('code', totpCodeRules)}
        />
        <DialogButtons onCancel={onClose} pending={confirm.isPending}>
          {intl.formatMessage({ id: 'settings.totpTurnOn', defaultMessage: 'Turn on' })}
        </DialogButtons>
      </form>
    </Modal>
  );
}
