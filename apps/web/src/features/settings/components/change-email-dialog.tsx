import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailRequestSchema } from '@netpulse/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { showFormFailure } from '@/lib/form-failure';
import { useIntl } from '@/lib/i18n/use-intl';
import { useChangeEmail } from '@/features/settings/api/change-email';
import { DialogButtons } from './dialog-buttons';

/**
 * A new email address, proven by the password: the server mails a link to it, and the dialog
 * says where the link went. The address changes only once the link is opened.
 */
export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(changeEmailRequestSchema),
    mode: 'onTouched',
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors } = form.formState;
  const change = useChangeEmail({
    onSuccess: (_answer, request) => setSentTo(request.newEmail),
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: ['newEmail', 'password'],
      }),
  });
  const onSubmit = form.handleSubmit((request) => change.mutate(request));

  return (
    <Modal
      title={intl.formatMessage({ id: 'settings.changeEmail', defaultMessage: 'Change email' })}
      onClose={onClose}
      testId="change-email-dialog"
    >
      {sentTo ? (
        <div className="flex flex-col gap-5">
          <p role="status" className="text-sm text-ink" data-testid="email-link-sent">
            {intl.formatMessage(
              {
                id: 'settings.emailLinkSent',
                defaultMessage:
                  'We sent a link to {email}. Open it to confirm the change; until then your account keeps its current address.',
              },
              { email: <span className="font-semibold break-all">{sentTo}</span> },
            )}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>
              {intl.formatMessage({ id: 'settings.done', defaultMessage: 'Done' })}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField
            label={intl.formatMessage({
              id: 'settings.newEmail',
              defaultMessage: 'New email address',
            })}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.newEmail?.message}
            {...form.register('newEmail')}
          />
          <PasswordField
            label={intl.formatMessage({
              id: 'settings.currentPassword',
              defaultMessage: 'Current password',
            })}
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <DialogButtons onCancel={onClose} pending={change.isPending}>
            {intl.formatMessage({ id: 'settings.sendLink', defaultMessage: 'Send the link' })}
          </DialogButtons>
        </form>
      )}
    </Modal>
  );
}
