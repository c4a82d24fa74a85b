import type { EarningRow } from '@netpulse/shared';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ActionLink } from '@/components/ui/action-link';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { Time } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { useEarnings } from '@/features/earnings/api/get-earnings';

const points = (value: number) => <span className="tabular-nums">{formatPoints(value)}</span>;

const earningsColumns = (intl: PageFormatter): Column<EarningRow>[] => [
  {
    id: 'cycle',
    header: intl.formatMessage({ id: 'earnings.columnCycle', defaultMessage: 'Cycle' }),
    cell: (row) => (
      <span className="font-semibold">
        {intl.formatMessage(
          { id: 'earnings.cycleName', defaultMessage: '{cycle} Cycle' },
          { cycle: row.season },
        )}
      </span>
    ),
  },
  {
    id: 'start',
    header: intl.formatMessage({ id: 'earnings.columnStartDate', defaultMessage: 'Start Date' }),
    cell: (row) => <Time iso={row.startDate} />,
  },
  {
    id: 'end',
    header: intl.formatMessage({ id: 'earnings.columnEndDate', defaultMessage: 'End Date' }),
    cell: (row) =>
      row.endDate ? (
        <Time iso={row.endDate} />
      ) : (
        <span className="text-accent-strong">
          {intl.formatMessage({ id: 'earnings.ongoing', defaultMessage: 'Ongoing' })}
        </span>
      ),
  },
  {
    id: 'referral-reward',
    header: intl.formatMessage({
      id: 'earnings.columnReferralReward',
      defaultMessage: 'Referral Reward',
    }),
    cell: (row) => points(row.referralsReward),
  },
  {
    id: 'network-earning',
    header: intl.formatMessage({
      id: 'earnings.columnNetworkEarning',
      defaultMessage: 'Network Earning',
    }),
    cell: (row) => points(row.speedtestEarning),
  },
  {
    id: 'referral-commission',
    header: intl.formatMessage({
      id: 'earnings.columnReferralCommission',
      defaultMessage: 'Referral Commission',
    }),
    cell: (row) => points(row.referralCommission),
  },
  {
    id: 'quest-earning',
    header: intl.formatMessage({
      id: 'earnings.columnQuestEarning',
      defaultMessage: 'Quest Earning',
    }),
    cell: (row) => points(row.questsEarning),
  },
  {
    id: 'total',
    header: intl.formatMessage({ id: 'earnings.columnTotal', defaultMessage: 'Total' }),
    cell: (row) => (
      <span className="font-semibold text-accent-strong tabular-nums">
        {formatPoints(row.total)}
      </span>
    ),
  },
];

/** The Earnings screen (spec section 2): what each cycle brought, by source. */
export function EarningsScreen() {
  const intl = useIntl();
  const earnings = useEarnings();
  // Spec section 4: the list empties when a request starts, and on failure.
  const loading = earnings.isFetching;
  const rows = loading || earnings.isError ? [] : (earnings.data ?? []);

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'earnings.title', defaultMessage: 'Earnings' })}
      />
      <Panel
        title={intl.formatMessage({
          id: 'earnings.perCycle',
          defaultMessage: 'Earnings per cycle',
        })}
        testId="earnings"
      >
        <DataTable
          caption={intl.formatMessage({
            id: 'earnings.perCycle',
            defaultMessage: 'Earnings per cycle',
          })}
          testId="earnings-table"
          columns={earningsColumns(intl)}
          rows={rows}
          rowKey={(row) => row.season}
          isLoading={loading}
          loadingLabel={intl.formatMessage({
            id: 'earnings.loading',
            defaultMessage: 'Loading earnings…',
          })}
          error={
            earnings.isError ? (
              <ErrorState
                message={intl.formatMessage({
                  id: 'earnings.failed',
                  defaultMessage: 'Your earnings could not be loaded.',
                })}
                onRetry={() => void earnings.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              message={intl.formatMessage({
                id: 'earnings.empty',
                defaultMessage: 'No earnings yet. Run your first speed test to start earning.',
              })}
              action={
                <ActionLink to={paths.nodes.href()}>
                  {intl.formatMessage({
                    id: 'dashboard.runSpeedTest',
                    defaultMessage: 'Run a speed test',
                  })}
                </ActionLink>
              }
            />
          }
        />
      </Panel>
    </section>
  );
}
