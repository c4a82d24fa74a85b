import { passwordField, type DeleteAccountRequest } from '@netpulse/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLogout } from '@/api/logout';
import { CannotBeUndoneNote } from '@/components/ui/cannot-be-undone-note';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { SecondFactorField } from '@/components/ui/second-factor-field';
import { TextField } from '@/components/ui/text-field';
import { validateWith } from '@/lib/field-validation';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '@/features/settings/api/delete-account';
import { DialogButtons } from './dialog-buttons';

const DELETE_FIELDS = ['confirm', 'password', 'code', 'recoveryCode'] as const;

interface DeleteAccountForm {
  confirm: string;
  password: string;
  code: string;
  recoveryCode: string;
}

/**
 * Deletes the account (issue 29): says what is erased and what stays, then asks for the
 * username typed out, the password, and a code when two-factor sign-in is on. Done, this
 * browser signs out and says the account is gone.
 */
export function DeleteAccountDialog({
  username,
  needsCode,
  onClose,
}: {
  username: string;
  needsCode: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const warningId = useId();
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const logout = useLogout();
  const form = useForm<DeleteAccountForm>({
    // Checked at the submit, not when a field loses focus: leaving the code field for "Use a
    // recovery code instead" must not say the code is missing (nor move the button away under
    // the pointer), as the login's two-factor step does.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { confirm: '', password: '', code: '', recoveryCode: '' },
  });
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'confirm' });
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.accountDeleted',
          defaultMessage: 'Your account was deleted, and you are signed out. Goodbye!',
        }),
        { duration: 10_000 },
      );
      logout.mutate({ sessionEnded: true });
    },
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: DELETE_FIELDS,
      }),
  });
  const onSubmit = form.handleSubmit(({ confirm, password, code, recoveryCode }) => {
    const request: DeleteAccountRequest = { confirm, password };
    if (needsCode && useRecoveryCode) request.recoveryCode = recoveryCode;
    else if (needsCode) request.code = code;
    remove.mutate(request);
  });

  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.deleteDialogTitle',
        defaultMessage: 'Delete your account?',
      })}
      onClose={onClose}
      testId="delete-account-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 text-sm text-ink-muted">
          <p>
            {intl.formatMessage({
              id: 'settings.deleteErased',
              defaultMessage:
                'Erased at once: your email, username and password, your passkeys and authenticator app, your sessions and nodes, your linked social accounts, and the addresses and places of your tests.',
            })}
          </p>
          <p>
            {intl.formatMessage({
              id: 'settings.deleteKept',
              defaultMessage:
                'Kept without your name: your Bytes entries and tests stay in the network’s totals. The people you invited keep their Bytes, and your email can sign up again.',
            })}
          </p>
        </div>
        <CannotBeUndoneNote id={warningId}>
          {intl.formatMessage({
            id: 'settings.deleteCannotBeUndone',
            defaultMessage: 'This cannot be undone: your Bytes and referrals are lost with it.',
          })}
        </CannotBeUndoneNote>
        <TextField
          label={intl.formatMessage(
            { id: 'settings.deleteTypeUsername', defaultMessage: 'Type {username} to confirm' },
            { username },
          )}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'settings.password', defaultMessage: 'Password' })}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password', { validate: validateWith(passwordField) })}
        />
        {needsCode && (
          <div className="flex flex-col gap-2">
            <SecondFactorField
              register={form.register}
              errors={errors}
              recovery={useRecoveryCode}
              onToggle={() => setUseRecoveryCode((recovery) => !recovery)}
              labels={{
                code: intl.formatMessage({
                  id: 'settings.codeFromApp',
                  defaultMessage: 'Code from your authenticator app',
                }),
                recoveryCode: intl.formatMessage({
                  id: 'settings.recoveryCode',
                  defaultMessage: 'Recovery code',
                }),
                useRecoveryCode: intl.formatMessage({
                  id: 'settings.useRecoveryCode',
                  defaultMessage: 'Use a recovery code instead',
                }),
                useAppCode: intl.formatMessage({
                  id: 'settings.useAppCode',
                  defaultMessage: 'Use a code from your app instead',
                }),
              }}
            />
          </div>
        )}
        <DialogButtons
          onCancel={onClose}
          pending={remove.isPending || logout.isPending}
          danger
          disabled={typed !== username}
          describedBy={warningId}
        >
          {intl.formatMessage({
            id: 'settings.deleteAccount',
            defaultMessage: 'Delete my account',
          })}
        </DialogButtons>
      </form>
    </Modal>
  );
}
