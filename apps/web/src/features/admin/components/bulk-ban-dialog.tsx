import { useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useBanUsers } from '@/features/admin/api/ban-users';
import { bulkOutcomeText, CANNOT_BE_UNDONE } from '@/features/admin/console-texts';
import { BanNoticeField } from './ban-notice-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Bans the chosen accounts of a fraud signal with one reason, after naming them. */
export function BulkBanDialog({
  userIds,
  usernames,
  onDone,
  onClose,
}: {
  userIds: number[];
  usernames: string[];
  onDone: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The words each banned person is shown on their /login (docs/decisions/033); optional.
  const [notice, setNotice] = useState('');
  const [noticeError, setNoticeError] = useState<string | undefined>();
  const ban = useBanUsers({
    onSuccess: (outcome) => {
      const { text, allDone } = bulkOutcomeText(outcome, 'banned', intl);
      (allDone ? toast.success : toast.error)(text);
      onDone();
      onClose();
    },
    onError: (failure) => {
      // A missing or long reason comes back as a field error: it belongs under the field.
      const fields = isApiError(failure) ? failure.fieldErrors : {};
      setError(fields.reason?.[0]);
      setNoticeError(fields.notice?.[0]);
      if (!fields.reason?.length && !fields.notice?.length) toast.error(apiFailureMessage(failure));
    },
  });
  const count = userIds.length;
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        {
          id: 'console.bulkBan.title',
          defaultMessage: 'Ban {count, plural, one {# account} other {# accounts}}?',
        },
        { count },
      )}
      effect={intl.formatMessage(
        {
          id: 'console.bulkBan.effect',
          defaultMessage:
            '{count, plural, one {{usernames} is} other {{usernames} are}} signed out everywhere, their nodes stop earning, and none can sign in until unbanned. The reason is kept in the audit log.',
        },
        { count, usernames: intl.formatList(usernames, { type: 'unit' }) },
      )}
      confirmLabel={intl.formatMessage(
        { id: 'console.bulkBan.confirm', defaultMessage: 'Ban {count, number}' },
        { count },
      )}
      cannotBeUndone={CANNOT_BE_UNDONE.ban(intl)}
      pending={ban.isPending}
      testId="bulk-ban-dialog"
      onClose={onClose}
      onConfirm={() => {
        setError(undefined);
        setNoticeError(undefined);
        ban.mutate({ userIds, reason, notice });
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'console.ban.reason', defaultMessage: 'Reason' })}
        name="reason"
        autoComplete="off"
        autoFocus
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <BanNoticeField audience="people" value={notice} error={noticeError} onChange={setNotice} />
    </ConfirmDialog>
  );
}
