import type { FailedJobRow } from '@netpulse/shared';
import { useState } from 'react';
import type { Column } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ClampedText } from '@/components/ui/clamped-text';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { Time } from '@/components/ui/time';
import { apiFailureMessage } from '@/lib/api-error-message';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useDropJob, useRetryJob } from '@/features/admin/api/act-on-failed-job';
import { useFailedJobs, useJobQueue } from '@/features/admin/api/get-job-queue';
import { CANNOT_BE_UNDONE } from '@/features/admin/console-texts';

/** A row's small action, as tall as the row's text (a full-size button would make rows taller). */
const ROW_ACTION =
  '-my-1 rounded-md px-2 py-1 text-sm font-semibold text-accent-strong hover:bg-surface-raised disabled:opacity-50';

/** The job queue: its counts, and the failed jobs, each retried or dropped by the operator. */
export function JobsScreen() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [dropping, setDropping] = useState<FailedJobRow | null>(null);
  const queue = useJobQueue();
  const failedJobs = useFailedJobs(page);
  const retry = useRetryJob({
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  const counts = queue.data;
  const failed = queue.isError;

  const columns: Column<FailedJobRow>[] = [
    {
      id: 'kind',
      header: intl.formatMessage({ id: 'console.jobs.kind', defaultMessage: 'Kind' }),
      cell: (row) => <span className="font-mono">{row.kind}</span>,
    },
    {
      id: 'key',
      header: intl.formatMessage({
        id: 'console.jobs.deliveryKey',
        defaultMessage: 'Delivery key',
      }),
      cell: (row) => <ClampedText text={row.delivery_key} className="font-mono" />,
    },
    {
      id: 'attempts',
      header: intl.formatMessage({ id: 'console.jobs.attempts', defaultMessage: 'Attempts' }),
      className: 'sm:text-end',
      cell: (row) => <span className="tabular-nums">{formatPoints(row.attempts)}</span>,
    },
    {
      id: 'error',
      header: intl.formatMessage({ id: 'console.jobs.lastError', defaultMessage: 'Last error' }),
      cell: (row) => <ClampedText text={row.last_error ?? ''} className="text-ink-muted" />,
    },
    {
      id: 'failed-at',
      header: intl.formatMessage({ id: 'console.jobs.failedAt', defaultMessage: 'Failed' }),
      cell: (row) => (row.failed_at ? <Time iso={row.failed_at} /> : null),
    },
    {
      id: 'actions',
      header: '',
      className: 'sm:text-end',
      cell: (row) => (
        <span className="flex gap-1 sm:justify-end">
          <button
            type="button"
            className={ROW_ACTION}
            disabled={retry.isPending}
            aria-label={intl.formatMessage(
              { id: 'console.jobs.retryJob', defaultMessage: 'Retry job {id}' },
              { id: row.id },
            )}
            onClick={() => retry.mutate(row.id)}
          >
            {intl.formatMessage({ id: 'console.jobs.retry', defaultMessage: 'Retry' })}
          </button>
          <button
            type="button"
            className={ROW_ACTION}
            aria-label={intl.formatMessage(
              { id: 'console.jobs.dropJob', defaultMessage: 'Drop job {id}' },
              { id: row.id },
            )}
            onClick={() => setDropping(row)}
          >
            {intl.formatMessage({ id: 'console.jobs.drop', defaultMessage: 'Drop' })}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.jobs', defaultMessage: 'Job queue' })}
      />
      <StatGrid>
        <StatCard
          label={intl.formatMessage({ id: 'console.jobs.waiting', defaultMessage: 'Waiting' })}
          testId="jobs-waiting"
          failed={failed}
          value={counts && formatPoints(counts.waiting)}
        />
        <StatCard
          label={intl.formatMessage({ id: 'console.jobs.running', defaultMessage: 'Running' })}
          testId="jobs-running"
          failed={failed}
          value={counts && formatPoints(counts.running)}
        />
        <StatCard
          label={intl.formatMessage({ id: 'console.jobs.failed', defaultMessage: 'Failed' })}
          testId="jobs-failed"
          failed={failed}
          value={counts && formatPoints(counts.failed)}
        />
        <StatCard
          label={intl.formatMessage({
            id: 'console.jobs.oldestWaiting',
            defaultMessage: 'Oldest waiting',
          })}
          testId="jobs-oldest-waiting"
          failed={failed}
          value={
            counts &&
            (counts.oldest_waiting_s === null
              ? intl.formatMessage({ id: 'console.jobs.noneWaiting', defaultMessage: 'None' })
              : intl.formatMessage(
                  {
                    id: 'console.jobs.oldestWaitingSeconds',
                    defaultMessage: '{seconds, plural, one {# second} other {# seconds}}',
                  },
                  { seconds: counts.oldest_waiting_s },
                ))
          }
        />
      </StatGrid>
      <Panel
        title={intl.formatMessage({ id: 'console.jobs.failedJobs', defaultMessage: 'Failed jobs' })}
        testId="admin-failed-jobs"
      >
        <PagedTable
          query={failedJobs}
          page={page}
          onPageChange={setPage}
          pagesLabel={intl.formatMessage({
            id: 'console.jobs.pages',
            defaultMessage: 'Failed job pages',
          })}
          errorMessage={intl.formatMessage({
            id: 'console.jobs.loadFailed',
            defaultMessage: 'The failed jobs could not be loaded.',
          })}
          caption={intl.formatMessage({
            id: 'console.jobs.failedJobs',
            defaultMessage: 'Failed jobs',
          })}
          testId="admin-failed-jobs-table"
          columns={columns}
          rowKey={(row) => row.id}
          loadingLabel={intl.formatMessage({
            id: 'console.jobs.loading',
            defaultMessage: 'Loading failed jobs…',
          })}
          empty={
            <EmptyState
              message={intl.formatMessage({
                id: 'console.jobs.empty',
                defaultMessage: 'No job failed.',
              })}
            />
          }
        />
      </Panel>
      {dropping && <DropJobDialog job={dropping} onClose={() => setDropping(null)} />}
    </section>
  );
}

function DropJobDialog({ job, onClose }: { job: FailedJobRow; onClose: () => void }) {
  const intl = useIntl();
  const drop = useDropJob({
    onSuccess: (message) => {
      toast.success(message);
      onClose();
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: 'console.jobs.dropTitle', defaultMessage: 'Drop job {id}?' },
        { id: job.id },
      )}
      effect={intl.formatMessage(
        {
          id: 'console.jobs.dropEffect',
          defaultMessage:
            'The {kind} job for {key} will never run, and the same delivery is not queued again.',
        },
        { kind: job.kind, key: job.delivery_key },
      )}
      confirmLabel={intl.formatMessage({ id: 'console.jobs.drop', defaultMessage: 'Drop' })}
      cannotBeUndone={CANNOT_BE_UNDONE.dropJob(intl)}
      pending={drop.isPending}
      testId="drop-job-dialog"
      onClose={onClose}
      onConfirm={() => drop.mutate(job.id)}
    />
  );
}
