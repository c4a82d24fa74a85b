import { youtubeChannelUrl } from '@netpulse/shared';
import type { AdminReviewRow } from '@netpulse/shared/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useDecideReviews } from '@/features/admin/api/decide-reviews';
import { useReviews } from '@/features/admin/api/get-reviews';
import { bulkOutcomeText } from '@/features/admin/console-texts';
import { selectedOf, toggleId } from '@/lib/selection';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectAll, SelectBox } from '@/components/ui/select-box';
import { ClampedText } from '@/components/ui/clamped-text';

type Decision = 'approve' | 'reject';

/** The review queue: YouTube subscriptions waiting for a person, approved or rejected in bulk. */
export function ReviewsScreen() {
  const intl = useIntl();
  const reviews = useReviews();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const loading = reviews.isFetching;
  const rows = loading || reviews.isError ? [] : (reviews.data ?? []);
  const ids = rows.map((row) => row.user_id);
  const chosen = selectedOf(selected, ids);

  const decide = useDecideReviews({
    onSuccess: (outcome) => {
      const { text, allDone } = bulkOutcomeText(
        outcome,
        deciding === 'reject' ? 'rejected' : 'approved',
        intl,
      );
      (allDone ? toast.success : toast.error)(text);
      setSelected(new Set());
      setDeciding(null);
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });

  const columns: Column<AdminReviewRow>[] = [
    {
      id: 'select',
      header: intl.formatMessage({ id: 'console.select', defaultMessage: 'Select' }),
      className: 'w-10',
      cell: (row) => (
        <SelectBox
          label={intl.formatMessage(
            { id: 'console.selectUser', defaultMessage: 'Select {username}' },
            { username: row.username },
          )}
          checked={selected.has(row.user_id)}
          onChange={() => setSelected((current) => toggleId(current, row.user_id))}
        />
      ),
    },
    {
      id: 'username',
      header: intl.formatMessage({ id: 'console.users.username', defaultMessage: 'Username' }),
      cell: (row) => (
        <TextLink to={paths.adminUser.href(row.user_id)}>
          <ClampedText text={row.username} inControl />
        </TextLink>
      ),
    },
    {
      id: 'email',
      header: intl.formatMessage({ id: 'console.users.email', defaultMessage: 'Email' }),
      cell: (row) => <span className="text-ink-muted">{row.email}</span>,
    },
    {
      id: 'channel',
      header: intl.formatMessage({ id: 'console.reviews.channel', defaultMessage: 'Channel' }),
      cell: (row) => <ChannelCell channel={row.channel} />,
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.reviews', defaultMessage: 'Review queue' })}
      />
      <Panel
        title={intl.formatMessage({
          id: 'console.reviews.title',
          defaultMessage: 'YouTube subscriptions',
        })}
        testId="admin-reviews"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SelectAll ids={ids} selected={selected} onChange={setSelected} />
            <Button
              variant="secondary"
              disabled={chosen.length === 0}
              onClick={() => setDeciding('reject')}
            >
              {chosen.length === 0
                ? intl.formatMessage({ id: 'console.reviews.reject', defaultMessage: 'Reject' })
                : intl.formatMessage(
                    { id: 'console.reviews.rejectCount', defaultMessage: 'Reject {count, number}' },
                    { count: chosen.length },
                  )}
            </Button>
            <Button disabled={chosen.length === 0} onClick={() => setDeciding('approve')}>
              {chosen.length === 0
                ? intl.formatMessage({ id: 'console.reviews.approve', defaultMessage: 'Approve' })
                : intl.formatMessage(
                    {
                      id: 'console.reviews.approveCount',
                      defaultMessage: 'Approve {count, number}',
                    },
                    { count: chosen.length },
                  )}
            </Button>
          </div>
        }
      >
        <p className="mb-4 text-sm text-ink-muted">
          {intl.formatMessage({
            id: 'console.reviews.help',
            defaultMessage:
              "Each person pressed Verify on the YouTube quest and named the channel they subscribed with. Find that channel among your channel's subscribers before you approve. A request sent before the quest asked for a channel shows “Not given”.",
          })}
        </p>
        <DataTable
          caption={intl.formatMessage({
            id: 'console.reviews.caption',
            defaultMessage: 'YouTube subscriptions waiting for review',
          })}
          testId="admin-reviews-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.user_id}
          isLoading={loading}
          loadingLabel={intl.formatMessage({
            id: 'console.reviews.loading',
            defaultMessage: 'Loading the review queue…',
          })}
          onRowClick={(row) => setSelected((current) => toggleId(current, row.user_id))}
          error={
            reviews.isError ? (
              <ErrorState
                message={intl.formatMessage({
                  id: 'console.reviews.loadFailed',
                  defaultMessage: 'The review queue could not be loaded.',
                })}
                onRetry={() => void reviews.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              message={intl.formatMessage({
                id: 'console.reviews.empty',
                defaultMessage: 'Nothing waits for review.',
              })}
            />
          }
        />
      </Panel>
      {deciding && (
        <ConfirmDialog
          title={
            deciding === 'approve'
              ? intl.formatMessage(
                  {
                    id: 'console.reviews.approveTitle',
                    defaultMessage:
                      'Approve {count, plural, one {# subscription} other {# subscriptions}}?',
                  },
                  { count: chosen.length },
                )
              : intl.formatMessage(
                  {
                    id: 'console.reviews.rejectTitle',
                    defaultMessage:
                      'Reject {count, plural, one {# subscription} other {# subscriptions}}?',
                  },
                  { count: chosen.length },
                )
          }
          effect={
            // Approval credits nothing: the Bytes arrive when the person presses Claim (issue 27).
            deciding === 'approve'
              ? intl.formatMessage(
                  {
                    id: 'console.reviews.approveEffect',
                    defaultMessage:
                      'The YouTube quest of {count, plural, one {# account} other {# accounts}} counts as done and leaves the queue: each person can now claim its Bytes on their Quests page.',
                  },
                  { count: chosen.length },
                )
              : intl.formatMessage(
                  {
                    id: 'console.reviews.rejectEffect',
                    defaultMessage:
                      'The YouTube quest of {count, plural, one {# account} other {# accounts}} is refused and leaves the queue: no Bytes can be claimed for it, and the person may ask for a check again.',
                  },
                  { count: chosen.length },
                )
          }
          confirmLabel={
            deciding === 'approve'
              ? intl.formatMessage({ id: 'console.reviews.approve', defaultMessage: 'Approve' })
              : intl.formatMessage({ id: 'console.reviews.reject', defaultMessage: 'Reject' })
          }
          pending={decide.isPending}
          testId="review-dialog"
          onClose={() => setDeciding(null)}
          onConfirm={() => decide.mutate({ userIds: chosen, decision: deciding })}
        />
      )}
    </section>
  );
}

/**
 * The channel the person named when they asked for the check, as a link to it on
 * YouTube; a request from before the check asked for one has none.
 */
function ChannelCell({ channel }: { channel: string | null }) {
  const intl = useIntl();
  if (channel === null) {
    return (
      <span className="text-ink-muted">
        {intl.formatMessage({ id: 'console.reviews.notGiven', defaultMessage: 'Not given' })}
      </span>
    );
  }
  return (
    <a
      href={youtubeChannelUrl(channel)}
      target="_blank"
      rel="noopener noreferrer"
      // A click on the link opens the channel; it does not also select the row.
      onClick={(event) => event.stopPropagation()}
      className="font-medium text-accent-strong underline decoration-accent-strong/50 underline-offset-4 hover:decoration-accent-strong"
    >
      {intl.formatMessage(
        {
          id: 'console.reviews.channelLink',
          defaultMessage: '{channel} <hidden>(opens in a new tab)</hidden>',
        },
        {
          channel: <ClampedText text={channel} inControl />,
          hidden: (chunks) => <span className="sr-only">{chunks}</span>,
        },
      )}
    </a>
  );
}
