import { pluralize, youtubeChannelUrl } from '@netpulse/shared';
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
import { toast } from '@/lib/toast';
import { useDecideReviews } from '@/features/admin/api/decide-reviews';
import { useReviews } from '@/features/admin/api/get-reviews';
import { bulkOutcomeText } from '@/features/admin/console-texts';
import { selectedOf, toggleId } from '@/lib/selection';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectAll, SelectBox } from '@/components/ui/select-box';
import { ClampedText } from '@/components/ui/clamped-text';

type Decision = 'approve' | 'reject';

const DECISION_TEXTS: Record<Decision, { verb: string; effect: (count: number) => string }> = {
  approve: {
    verb: 'approved',
    // Approval credits nothing: the Bytes arrive when the person presses Claim (issue 27).
    effect: (count) =>
      `The YouTube quest of ${pluralize(count, 'account')} counts as done and leaves the queue: each person can now claim its Bytes on their Quests page.`,
  },
  reject: {
    verb: 'rejected',
    effect: (count) =>
      `The YouTube quest of ${pluralize(count, 'account')} is refused and leaves the queue: no Bytes can be claimed for it, and the person may ask for a check again.`,
  },
};

/** The review queue: YouTube subscriptions waiting for a person, approved or rejected in bulk. */
export function ReviewsScreen() {
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
        DECISION_TEXTS[deciding ?? 'approve'].verb,
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
      header: 'Select',
      className: 'w-10',
      cell: (row) => (
        <SelectBox
          label={`Select ${row.username}`}
          checked={selected.has(row.user_id)}
          onChange={() => setSelected((current) => toggleId(current, row.user_id))}
        />
      ),
    },
    {
      id: 'username',
      header: 'Username',
      cell: (row) => (
        <TextLink to={paths.adminUser.href(row.user_id)}>
          <ClampedText text={row.username} inControl />
        </TextLink>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      cell: (row) => <span className="text-ink-muted">{row.email}</span>,
    },
    {
      id: 'channel',
      header: 'Channel',
      cell: (row) => <ChannelCell channel={row.channel} />,
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Review queue" />
      <Panel
        title="YouTube subscriptions"
        testId="admin-reviews"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SelectAll ids={ids} selected={selected} onChange={setSelected} />
            <Button
              variant="secondary"
              disabled={chosen.length === 0}
              onClick={() => setDeciding('reject')}
            >
              Reject {chosen.length || ''}
            </Button>
            <Button disabled={chosen.length === 0} onClick={() => setDeciding('approve')}>
              Approve {chosen.length || ''}
            </Button>
          </div>
        }
      >
        <p className="mb-4 text-sm text-ink-muted">
          Each person pressed Verify on the YouTube quest and named the channel they subscribed
          with. Find that channel among your channel&apos;s subscribers before you approve. A
          request sent before the quest asked for a channel shows &ldquo;Not given&rdquo;.
        </p>
        <DataTable
          caption="YouTube subscriptions waiting for review"
          testId="admin-reviews-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.user_id}
          isLoading={loading}
          loadingLabel="Loading the review queue…"
          onRowClick={(row) => setSelected((current) => toggleId(current, row.user_id))}
          error={
            reviews.isError ? (
              <ErrorState
                message="The review queue could not be loaded."
                onRetry={() => void reviews.refetch()}
              />
            ) : undefined
          }
          empty={<EmptyState message="Nothing waits for review." />}
        />
      </Panel>
      {deciding && (
        <ConfirmDialog
          title={`${deciding === 'approve' ? 'Approve' : 'Reject'} ${pluralize(chosen.length, 'subscription')}?`}
          effect={DECISION_TEXTS[deciding].effect(chosen.length)}
          confirmLabel={deciding === 'approve' ? 'Approve' : 'Reject'}
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
  if (channel === null) return <span className="text-ink-muted">Not given</span>;
  return (
    <a
      href={youtubeChannelUrl(channel)}
      target="_blank"
      rel="noopener noreferrer"
      // A click on the link opens the channel; it does not also select the row.
      onClick={(event) => event.stopPropagation()}
      className="font-medium text-accent-strong underline decoration-accent-strong/50 underline-offset-4 hover:decoration-accent-strong"
    >
      <ClampedText text={channel} inControl />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
