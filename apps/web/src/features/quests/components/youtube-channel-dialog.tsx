import { zodResolver } from '@hookform/resolvers/zod';
import { QUEST_TOASTS, youtubeChannelFormSchema, type UserProfile } from '@netpulse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { profileKeys } from '@/api/query-keys';
import { isApiError } from '@/lib/api-client';
import { useIntl } from '@/lib/i18n/use-intl';
import { showFormFailure } from '@/lib/form-failure';
import { useYoutubeReviewRequest } from '@/features/quests/api/verify-social-quest';
import { showQuestToast, verifyAnswerToast } from '@/features/quests/quest-toasts';

const VERIFY_FAILURE = QUEST_TOASTS.verifyFailure.youtube;

/**
 * Verify on the YouTube quest when an operator checks subscriptions by hand: the
 * person names the channel they subscribed with (a @handle or the channel's
 * address, read by the shared youtubeChannelSchema as the server reads it), so the
 * operator has something to look up. Sent, the quest reads 'Verifying...'.
 */
export function YoutubeChannelDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(youtubeChannelFormSchema),
    mode: 'onTouched',
    defaultValues: { channel: '' },
  });
  const request = useYoutubeReviewRequest({
    onSuccess: (answer) => {
      const profileAfter = queryClient.getQueryData<UserProfile>(profileKeys.all);
      showQuestToast(verifyAnswerToast('youtubeSubscribe', answer, profileAfter, Date.now()));
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.sessionExpired) return;
      showFormFailure(error, {
        setError: form.setError,
        fields: ['channel'],
        texts: { failed: VERIFY_FAILURE, exception: VERIFY_FAILURE },
      });
      // A conflict (already verified, already waiting) leaves nothing to send.
      if (isApiError(error) && error.status === 409) onClose();
    },
  });
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <Modal
      title={intl.formatMessage({
        id: 'quests.youtubeDialogTitle',
        defaultMessage: 'Verify your YouTube subscription',
      })}
      onClose={onClose}
      testId="youtube-channel-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'quests.youtubeDialogIntro',
            defaultMessage:
              'A person on our team checks each subscription. Tell them which YouTube channel you subscribed with.',
          })}
        </p>
        <TextField
          label={intl.formatMessage({
            id: 'quests.youtubeChannelLabel',
            defaultMessage: 'Your YouTube channel',
          })}
          hint={intl.formatMessage({
            id: 'quests.youtubeChannelHint',
            defaultMessage:
              "Your handle, like @name, or your channel's address, like https://www.youtube.com/@name. YouTube shows both under Your channel.",
          })}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.channel?.message}
          {...form.register('channel')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'quests.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" isLoading={request.isPending}>
            {intl.formatMessage({ id: 'quests.sendForReview', defaultMessage: 'Send for review' })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
