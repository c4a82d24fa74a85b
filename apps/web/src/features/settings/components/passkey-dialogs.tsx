import { zodResolver } from '@hookform/resolvers/zod';
import { addPasskeyRequestSchema, type Passkey } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { apiFailureMessage } from '@/lib/api-error-message';
import { showFormFailure } from '@/lib/form-failure';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { webAuthnFailureOf, type WebAuthnFailure } from '@/lib/webauthn-failure';
import { useAddPasskey } from '@/features/settings/api/add-passkey';
import { useRemovePasskey } from '@/features/settings/api/remove-passkey';
import { useRenamePasskey } from '@/features/settings/api/rename-passkey';
import { DialogButtons } from './dialog-buttons';

/** A passkey's name, as the server checks it when adding or renaming one. */
const passkeyNameSchema = addPasskeyRequestSchema.pick({ name: true });

/** What to say when the browser's part of adding a passkey failed. */
function passkeyFailureText(failure: WebAuthnFailure): string {
  const intl = activeIntl();
  switch (failure) {
    case 'cancelled':
      return intl.formatMessage({
        id: 'settings.passkeyCancelled',
        defaultMessage: 'No passkey was added: the request was cancelled or timed out.',
      });
    case 'already-registered':
      return intl.formatMessage({
        id: 'settings.passkeyAlreadyAdded',
        defaultMessage: 'This device already holds a passkey of your account.',
      });
    case 'unsupported':
      return intl.formatMessage({
        id: 'settings.passkeyUnsupported',
        defaultMessage: 'This browser cannot make passkeys. Try another browser or device.',
      });
    case 'failed':
      return intl.formatMessage({
        id: 'settings.passkeyFailed',
        defaultMessage: 'Your browser could not make the passkey. Please try again.',
      });
  }
}

/**
 * Adds a passkey: a name to tell it apart, then the browser's own prompt (fingerprint, face,
 * screen lock or security key) makes it.
 */
export function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const form = useForm({
    resolver: zodResolver(passkeyNameSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const add = useAddPasskey({
    onSuccess: (passkey) => {
      toast.success(
        activeIntl().formatMessage(
          { id: 'settings.passkeyAdded', defaultMessage: 'Passkey “{name}” added.' },
          { name: passkey.name },
        ),
      );
      onClose();
    },
    onError: (error) => {
      const failure = webAuthnFailureOf(error);
      if (failure) toast.error(passkeyFailureText(failure));
      else showFormFailure(error, { setError: form.setError, fields: ['name'] });
    },
  });
  const onSubmit = form.handleSubmit(({ name }) => add.mutate({ name }));

  return (
    <Modal
      title={intl.formatMessage({ id: 'settings.addPasskey', defaultMessage: 'Add a passkey' })}
      onClose={onClose}
      testId="add-passkey-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'settings.addPasskeyExplained',
            defaultMessage:
              'Your browser will ask you to confirm with your fingerprint, face, screen lock or security key. The passkey then signs you in without a password or a code.',
          })}
        </p>
        <TextField
          label={intl.formatMessage({ id: 'settings.passkeyName', defaultMessage: 'Name' })}
          hint={intl.formatMessage({
            id: 'settings.passkeyNameHint',
            defaultMessage: 'To tell it apart from your others, like “Work laptop”.',
          })}
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <DialogButtons onCancel={onClose} pending={add.isPending}>
          {intl.formatMessage({ id: 'settings.addPasskeySubmit', defaultMessage: 'Add passkey' })}
        </DialogButtons>
      </form>
    </Modal>
  );
}

/** Renames a passkey. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useForm({
    resolver: zodResolver(passkeyNameSchema),
    mode: 'onTouched',
    defaultValues: { name: passkey.name },
  });
  const rename = useRenamePasskey({
    onSuccess: () => {
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.passkeyRenamed',
          defaultMessage: 'Passkey renamed.',
        }),
      );
      onClose();
    },
    onError: (error) => showFormFailure(error, { setError: form.setError, fields: ['name'] }),
  });
  const onSubmit = form.handleSubmit(({ name }) => rename.mutate({ passkeyId: passkey.id, name }));

  return (
    <Modal
      title={intl.formatMessage({
        id: 'settings.renamePasskey',
        defaultMessage: 'Rename passkey',
      })}
      onClose={onClose}
      testId="rename-passkey-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={intl.formatMessage({ id: 'settings.passkeyName', defaultMessage: 'Name' })}
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <DialogButtons onCancel={onClose} pending={rename.isPending}>
          {intl.formatMessage({ id: 'settings.save', defaultMessage: 'Save' })}
        </DialogButtons>
      </form>
    </Modal>
  );
}

/** Asks before removing a passkey: it no longer signs in. */
export function RemovePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey;
  onClose: () => void;
}) {
  const intl = useIntl();
  const remove = useRemovePasskey({
    onSuccess: () => {
      toast.success(
        activeIntl().formatMessage({
          id: 'settings.passkeyRemoved',
          defaultMessage: 'Passkey removed.',
        }),
      );
      onClose();
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: 'settings.removePasskeyTitle', defaultMessage: 'Remove “{name}”?' },
        { name: passkey.name },
      )}
      effect={intl.formatMessage({
        id: 'settings.removePasskeyEffect',
        defaultMessage:
          'This passkey will no longer sign you in. Your device may keep it until you delete it there too.',
      })}
      confirmLabel={intl.formatMessage({
        id: 'settings.removePasskey',
        defaultMessage: 'Remove passkey',
      })}
      pending={remove.isPending}
      testId="remove-passkey-dialog"
      onClose={onClose}
      onConfirm={() => remove.mutate(passkey.id)}
    />
  );
}
