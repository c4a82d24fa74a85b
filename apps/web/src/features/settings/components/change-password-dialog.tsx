import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, NEW_PASSWORD_MIN, type PasswordOwner } from '@netpulse/shared';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useChangePassword } from '@/features/settings/api/change-password';
import { DialogButtons } from './dialog-buttons';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * A new password, with the current one: the new-password rules of sign-up and reset, the
 * account's own names included (`owner`). The server signs every other browser out; this one
 * and the extension stay signed in.
 */
export function ChangePasswordDialog({
  owner,
  onClose,
}: {
  owner: PasswordOwner;
  onClose: () => void;
}) {
  const intl = useIntl();
  const schema = useMemo(() => changePasswordFormSchema(owner), [owner]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useChangePassword({
    onSuccess: () => {
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.passwordChanged',
          defaultMessage:
            'Your password was changed. Every other browser was signed out; this one and your extension stay signed in.',
        }),
      );
      onClose();
    },
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: PASSWORD_FIELDS,
      }),
  });
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );
  // A confirmation already checked must follow later edits of the new password.
  const newPasswordField = form.register('newPassword', {
    onChange: () => {
      if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
    },
  });

  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.changePassword',
        defaultMessage: 'Change password',
      })}
      onClose={onClose}
      testId="change-password-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label={intl.formatMessage({
            id: 'settings.currentPassword',
            defaultMessage: 'Current password',
          })}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'settings.newPassword', defaultMessage: 'New password' })}
          hint={intl.formatMessage(
            {
              id: 'settings.newPasswordHint',
              defaultMessage:
                'At least {min, number} characters, holding neither your username nor your email.',
            },
            { min: NEW_PASSWORD_MIN },
          )}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...newPasswordField}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'settings.confirmNewPassword',
            defaultMessage: 'Confirm new password',
          })}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <DialogButtons onCancel={onClose} pending={change.isPending}>
          {intl.formatMessage({
            id: 'settings.changePassword',
            defaultMessage: 'Change password',
          })}
        </DialogButtons>
      </form>
    </Modal>
  );
}
