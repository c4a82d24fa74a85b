import {
  ADMIN_MESSAGES,
  MAX_BOOST,
  MAX_STREAK_DAYS,
  type AdminUserAction,
} from '@netpulse/shared/admin';
import { useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useActOnUser } from '@/features/admin/api/act-on-user';
import {
  CANNOT_BE_UNDONE,
  userActionTexts,
  type UserActionKind,
} from '@/features/admin/console-texts';
import { BanNoticeField } from './ban-notice-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface UserActionDialogProps {
  kind: UserActionKind;
  user: {
    id: number;
    username: string;
    role: 'member' | 'admin';
    additional_boost: number | null;
    daily_streaks: number;
  };
  onClose: () => void;
}

/**
 * The action as the API takes it, from the dialog's one text input. The server checks
 * it (its field errors show under the input); the shared zod schemas are not used here,
 * as they would add to the zod chunk every member's login page loads.
 */
function actionOf(
  kind: UserActionKind,
  input: string,
  notice: string,
  role: 'member' | 'admin',
): AdminUserAction {
  switch (kind) {
    case 'verify':
      return { action: 'verify' };
    case 'ban':
      return { action: 'ban', reason: input, notice };
    case 'unban':
      return { action: kind, reason: input };
    case 'boost':
      // NaN would be sent as null, which clears the boost: `confirm` stops it first.
      return { action: 'boost', multiplier: input.trim() === '' ? null : Number(input) };
    case 'streak':
      return { action: 'streak', days: Number(input) };
    case 'role':
      return { action: 'role', role: role === 'admin' ? 'member' : 'admin' };
  }
}

const initialInput = (kind: UserActionKind, user: UserActionDialogProps['user']) =>
  kind === 'boost'
    ? (user.additional_boost?.toString() ?? '')
    : kind === 'streak'
      ? String(Math.max(1, user.daily_streaks))
      : '';

/**
 * Confirms one action on one account, naming its effect; ban and unban ask for a
 * reason, boost for the multiplier, streak for the days. The server's answer is the toast.
 */
export function UserActionDialog({ kind, user, onClose }: UserActionDialogProps) {
  const intl = useIntl();
  const texts = userActionTexts(kind, user.username, user.role, intl);
  const [input, setInput] = useState(() => initialInput(kind, user));
  const [error, setError] = useState<string | undefined>();
  // A ban's words for the person, shown on their /login (docs/decisions/033); optional.
  const [notice, setNotice] = useState('');
  const [noticeError, setNoticeError] = useState<string | undefined>();
  const act = useActOnUser({
    onSuccess: (message) => {
      toast.success(message);
      onClose();
    },
    onError: (failure) => {
      // A field error (400) belongs under the field; anything else (409, 404) is a toast.
      const { notice: noticeMessages, ...otherFields } = isApiError(failure)
        ? failure.fieldErrors
        : {};
      const fieldMessage = Object.values(otherFields).flat()[0];
      setNoticeError(noticeMessages?.[0]);
      if (fieldMessage) setError(fieldMessage);
      else if (!noticeMessages?.length) toast.error(apiFailureMessage(failure));
    },
  });

  const confirm = () => {
    const action = actionOf(kind, input, notice, user.role);
    if (
      action.action === 'boost' &&
      action.multiplier !== null &&
      !Number.isFinite(action.multiplier)
    ) {
      setError(ADMIN_MESSAGES.boostInvalid);
      return;
    }
    setError(undefined);
    setNoticeError(undefined);
    act.mutate({ userId: user.id, action });
  };

  return (
    <ConfirmDialog
      title={texts.title}
      effect={texts.effect}
      confirmLabel={texts.confirm}
      cannotBeUndone={kind === 'ban' ? CANNOT_BE_UNDONE.ban(intl) : undefined}
      pending={act.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId={`user-action-${kind}`}
    >
      {(kind === 'ban' || kind === 'unban') && (
        <TextField
          label={intl.formatMessage({ id: 'console.ban.reason', defaultMessage: 'Reason' })}
          name="reason"
          autoComplete="off"
          autoFocus
          value={input}
          error={error}
          onChange={(event) => setInput(event.target.value)}
        />
      )}
      {kind === 'ban' && (
        <BanNoticeField audience="person" value={notice} error={noticeError} onChange={setNotice} />
      )}
      {kind === 'boost' && (
        <TextField
          label={intl.formatMessage(
            {
              id: 'console.userAction.multiplier',
              defaultMessage: 'Multiplier (above 0, at most {max, number}; empty for none)',
            },
            { max: MAX_BOOST },
          )}
          name="multiplier"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={input}
          error={error}
          onChange={(event) => setInput(event.target.value)}
        />
      )}
      {kind === 'streak' && (
        <TextField
          label={intl.formatMessage(
            { id: 'console.userAction.days', defaultMessage: 'Days (1 to {max, number})' },
            { max: MAX_STREAK_DAYS },
          )}
          name="days"
          type="number"
          min={1}
          max={MAX_STREAK_DAYS}
          autoFocus
          value={input}
          error={error}
          onChange={(event) => setInput(event.target.value)}
        />
      )}
      {(kind === 'verify' || kind === 'role') && error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
