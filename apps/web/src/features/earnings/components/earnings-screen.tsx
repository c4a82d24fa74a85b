import type { EarningRow } from '@netpulse/shared';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ActionLink } from '@/components/ui/action-link';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { Time } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { formatPoints } from '@/lib/format-number';
import { useEarnings } from '@/features/earnings/api/get-earnings';

export const EARNINGS_EMPTY_MESSAGE =
  'No earnings yet. Run your first speed test to start earning.';

const points = (value: number) => <span className="tabular-nums">{formatPoints(value)}</span>;

const columns: Column<EarningRow>[] = [
  {
    id: 'cycle',
    header: 'Cycle',
    cell: (row) => <span className="font-semibold">{row.season} Cycle</span>,
  },
  { id: 'start', header: 'Start Date', cell: (row) => <Time iso={row.startDate} /> },
  {
    id: 'end',
    header: 'End Date',
    cell: (row) =>
      row.endDate ? (
        <Time iso={row.endDate} />
      ) : (
        <span className="text-accent-strong">Ongoing</span>
      ),
  },
  { id: 'referral-reward', header: 'Referral Reward', cell: (row) => points(row.referralsReward) },
  { id: 'network-earning', header: 'Network Earning', cell: (row) => points(row.speedtestEarning) },
  {
    id: 'referral-commission',
    header: 'Referral Commission',
    cell: (row) => points(row.referralCommission),
  },
  { id: 'quest-earning', header: 'Quest Earning', cell: (row) => points(row.questsEarning) },
  {
    id: 'total',
    header: 'Total',
    cell: (row) => (
      <span className="font-semibold text-accent-strong tabular-nums">
        {formatPoints(row.total)}
      </span>
    ),
  },
];

/** The Earnings screen (spec section 2): what each cycle brought, by source. */
export function EarningsScreen() {
  const earnings = useEarnings();
  // Spec section 4: the list empties when a request starts, and on failure.
  const loading = earnings.isFetching;
  const rows = loading || earnings.isError ? [] : (earnings.data ?? []);

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Earnings" />
      <Panel title="Earnings per cycle" testId="earnings">
        <DataTable
          caption="Earnings per cycle"
          testId="earnings-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.season}
          isLoading={loading}
          loadingLabel="Loading earnings…"
          error={
            earnings.isError ? (
              <ErrorState
                message="Your earnings could not be loaded."
                onRetry={() => void earnings.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              message={EARNINGS_EMPTY_MESSAGE}
              action={<ActionLink to={paths.nodes.href()}>Run a speed test</ActionLink>}
            />
          }
        />
      </Panel>
    </section>
  );
}
