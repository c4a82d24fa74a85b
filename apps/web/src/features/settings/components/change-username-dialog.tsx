import { zodResolver } from '@hookform/resolvers/zod';
import { changeUsernameRequestSchema } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useChangeUsername } from '@/features/settings/api/change-username';
import { DialogButtons } from './dialog-buttons';

/** A new username, checked by the shared rules as the server checks it; once in 30 days. */
export function ChangeUsernameDialog({
  username,
  onClose,
}: {
  username: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useForm({
    resolver: zodResolver(changeUsernameRequestSchema),
    mode: 'onTouched',
    defaultValues: { username },
  });
  const change = useChangeUsername({
    onSuccess: (_answer, request) => {
      toast.success(
        activeIntl().formatMessage(
          { id: 'settings.usernameChanged', defaultMessage: 'Your username is now {username}.' },
          { username: request.username },
        ),
      );
      onClose();
    },
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: ['username'],
      }),
  });
  const onSubmit = form.handleSubmit((request) => change.mutate(request));

  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.changeUsername',
        defaultMessage: 'Change username',
      })}
      onClose={onClose}
      testId="change-username-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={intl.formatMessage({ id: 'settings.newUsername', defaultMessage: 'New username' })}
          hint={intl.formatMessage({
            id: 'settings.newUsernameHint',
            defaultMessage:
              '3 to 20 letters, digits or underscores. You cannot change it again for 30 days.',
          })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={form.formState.errors.username?.message}
          {...form.register('username')}
        />
        <DialogButtons onCancel={onClose} pending={change.isPending}>
          {intl.formatMessage({ id: 'settings.save', defaultMessage: 'Save' })}
        </DialogButtons>
      </form>
    </Modal>
  );
}
