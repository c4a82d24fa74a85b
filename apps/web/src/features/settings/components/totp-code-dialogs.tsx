import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { OneTimeCodeField } from '@/components/ui/one-time-code-field';
import { totpCodeRules } from '@/lib/field-validation';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useRegenerateRecoveryCodes } from '@/features/settings/api/regenerate-recovery-codes';
import { useTurnOffTotp } from '@/features/settings/api/turn-off-totp';
import { DialogButtons } from './dialog-buttons';
import { RecoveryCodesView } from './recovery-codes-view';

interface CodeFormProps {
  /** What the code proves, in a sentence above the field. */
  effect: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onCode: (code: string, setServerError: (error: unknown) => void) => void;
  onCancel: () => void;
}

/** A code from the authenticator app, asked before a change to the second factor itself. */
function CodeForm({ effect, submitLabel, danger, pending, onCode, onCancel }: CodeFormProps) {
  const intl = useIntl();
  const form = useForm({ mode: 'onTouched', defaultValues: { code: '' } });
  const setServerError = (error: unknown) =>
    showFormFailure(error, {
      setError: form.setError,
      fields: ['code'],
    });
  const onSubmit = form.handleSubmit(({ code }) => onCode(code, setServerError));
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-ink-muted">{effect}</p>
      <OneTimeCodeField
        label={intl.formatMessage({
          id: 'settings.codeFromApp',
          defaultMessage: 'Code from your authenticator app',
        })}
        error={form.formState.errors.code?.message}
        {...form.register('code', totpCodeRules)}
      />
      <DialogButtons onCancel={onCancel} pending={pending} danger={danger}>
        {submitLabel}
      </DialogButtons>
    </form>
  );
}

/** Turns two-factor sign-in off, with a code: the recovery codes go with it. */
export function TurnOffTotpDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const turnOff = useTurnOffTotp();
  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.totpTurnOffTitle',
        defaultMessage: 'Turn off the authenticator app?',
      })}
      onClose={onClose}
      testId="totp-turn-off-dialog"
    >
      <CodeForm
        effect={intl.formatMessage({
          id: 'settings.totpTurnOffEffect',
          defaultMessage:
            'Signing in will ask for your password only, and your recovery codes will stop working. Enter a code from the app to confirm.',
        })}
        submitLabel={intl.formatMessage({ id: 'settings.totpTurnOff', defaultMessage: 'Turn off' })}
        danger
        pending={turnOff.isPending}
        onCancel={onClose}
        onCode={(code, setServerError) =>
          turnOff.mutate(
            { code },
            {
              onSuccess: () => {
                toast.success(
                  activeIntl().formatMessage({
                    id: 'settings.totpTurnedOff',
                    defaultMessage: 'Two-factor sign-in with an authenticator app is off.',
                  }),
                );
                onClose();
              },
              onError: setServerError,
            },
          )
        }
      />
    </Modal>
  );
}

/** Ten new recovery codes, with a code: the old ones stop working; the new are shown once. */
export function NewRecoveryCodesDialog({
  username,
  onClose,
}: {
  username: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <Modal
      title={
        codes
          ? intl.formatMessage({
              id: 'settings.saveRecoveryCodes',
              defaultMessage: 'Save your recovery codes',
            })
          : intl.formatMessage({
              id: 'settings.newRecoveryCodes',
              defaultMessage: 'New recovery codes',
            })
      }
      onClose={onClose}
      testId="new-recovery-codes-dialog"
    >
      {codes ? (
        <RecoveryCodesView codes={codes} username={username} onDone={onClose} />
      ) : (
        <CodeForm
          effect={intl.formatMessage({
            id: 'settings.newRecoveryCodesEffect',
            defaultMessage:
              'You get ten new codes and the ones you have now stop working. Enter a code from your authenticator app to confirm.',
          })}
          submitLabel={intl.formatMessage({
            id: 'settings.newRecoveryCodesSubmit',
            defaultMessage: 'Make new codes',
          })}
          pending={regenerate.isPending}
          onCancel={onClose}
          onCode={(code, setServerError) =>
            regenerate.mutate({ code }, { onSuccess: setCodes, onError: setServerError })
          }
        />
      )}
    </Modal>
  );
}
