import { CYCLES, type Cycle, type TransactionRow } from '@netpulse/shared';
import { useState } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { NO_DATE_RANGE, type DateRangeValue } from '@/components/date-range-filter/applied-range';
import { DateRangeFilter } from '@/components/date-range-filter/date-range-filter';
import { ExportCsvButton } from '@/components/export-csv/export-csv-button';
import { Badge } from '@/components/ui/badge';
import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { Time } from '@/components/ui/time';
import type { Column } from '@/components/ui/data-table';
import { ActionLink } from '@/components/ui/action-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { useExportTransactions } from '@/features/transaction-history/api/export-transactions';
import { useTransactions } from '@/features/transaction-history/api/get-transactions';
import { transactionDetailsText, transactionTypeText } from '@/lib/transaction-labels';

const campaignOptions = (intl: PageFormatter) => [
  {
    value: '',
    label: intl.formatMessage({ id: 'transactions.allCycles', defaultMessage: 'All cycles' }),
  },
  ...CYCLES.map((cycle) => ({
    value: cycle,
    label: intl.formatMessage(
      { id: 'transactions.cycleName', defaultMessage: '{cycle} Cycle' },
      { cycle },
    ),
  })),
];

const isCycle = (value: string): value is Cycle => (CYCLES as readonly string[]).includes(value);

const transactionColumns = (intl: PageFormatter): Column<TransactionRow>[] => [
  {
    id: 'transaction-id',
    header: intl.formatMessage({ id: 'transactions.columnId', defaultMessage: 'Transaction Id' }),
    cell: (row) => <span className="font-mono text-xs text-ink-muted">{row.transaction_id}</span>,
    // One line of text-xs.
    skeleton: <SkeletonBar size="h-4 w-40" />,
  },
  {
    id: 'type',
    header: intl.formatMessage({
      id: 'transactions.columnType',
      defaultMessage: 'Transaction Type',
    }),
    cell: (row) => transactionTypeText(row.transaction_type, intl),
  },
  {
    id: 'time',
    header: intl.formatMessage({ id: 'transactions.columnTime', defaultMessage: 'Time' }),
    cell: (row) => (
      <span className="flex items-center gap-2 max-sm:flex-wrap max-sm:justify-end">
        <Time iso={row.date_time} />
        <Badge testId="cycle-badge">
          {intl.formatMessage(
            { id: 'transactions.cycleName', defaultMessage: '{cycle} Cycle' },
            { cycle: row.season },
          )}
        </Badge>
      </span>
    ),
    // The date and the cycle badge, which is 2 px taller than a line of text.
    skeleton: (
      <span className="flex items-center gap-2 max-sm:justify-end">
        <SkeletonBar />
        <SkeletonBar size="h-[22px] w-20" corners="rounded-full" />
      </span>
    ),
  },
  {
    id: 'bytes',
    header: intl.formatMessage({
      id: 'transactions.columnBytesEarned',
      defaultMessage: 'Bytes Earned',
    }),
    cell: (row) => (
      <span className="font-semibold tabular-nums">{formatPoints(row.points_earned)}</span>
    ),
  },
  {
    id: 'details',
    header: intl.formatMessage({ id: 'transactions.columnDetails', defaultMessage: 'Details' }),
    cell: (row) => (
      <span className="text-ink-muted">{transactionDetailsText(row.details, intl)}</span>
    ),
  },
];

/** The Transaction History screen (spec section 2): the ledger with cycle and date filters. */
export function TransactionHistoryScreen() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [season, setSeason] = useState<Cycle | ''>('');
  const [range, setRange] = useState<DateRangeValue>(NO_DATE_RANGE);
  const transactions = useTransactions({ pageNumber: page, season, ...range });
  const exportCsv = useExportTransactions();

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({
          id: 'transactions.title',
          defaultMessage: 'Transaction History',
        })}
      />
      <Panel
        title={intl.formatMessage({
          id: 'transactions.panelTitle',
          defaultMessage: 'Transactions',
        })}
        testId="transaction-history"
        actions={
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-end">
            <SelectField
              label={intl.formatMessage({
                id: 'transactions.campaign',
                defaultMessage: 'Campaign',
              })}
              options={campaignOptions(intl)}
              value={season}
              data-testid="campaign-filter"
              onChange={(event) => {
                const value = event.target.value;
                setSeason(isCycle(value) ? value : '');
                setPage(1);
              }}
              className="sm:w-44"
            />
            <DateRangeFilter
              onChange={(next) => {
                setRange(next);
                setPage(1);
              }}
            />
            <ExportCsvButton
              testId="export-transactions"
              exporting={exportCsv.isPending}
              onExport={() => exportCsv.mutate({ season, ...range })}
            />
          </div>
        }
      >
        <PagedTable
          query={transactions}
          page={page}
          onPageChange={setPage}
          pagesLabel={intl.formatMessage({
            id: 'transactions.pages',
            defaultMessage: 'Transaction history pages',
          })}
          errorMessage={intl.formatMessage({
            id: 'transactions.failed',
            defaultMessage: 'The transaction history could not be loaded.',
          })}
          caption={intl.formatMessage({
            id: 'transactions.caption',
            defaultMessage: 'Transaction history',
          })}
          testId="transaction-history-table"
          columns={transactionColumns(intl)}
          rowKey={(row) => row.id}
          loadingLabel={intl.formatMessage({
            id: 'transactions.loading',
            defaultMessage: 'Loading transactions…',
          })}
          empty={
            <EmptyState
              message={intl.formatMessage({
                id: 'transactions.empty',
                defaultMessage:
                  'No Bytes here yet. Claim your daily Bytes or run a speed test to start earning.',
              })}
              action={
                <ActionLink to={paths.dashboard.href()}>
                  {intl.formatMessage({
                    id: 'transactions.goToDailyClaim',
                    defaultMessage: 'Go to the daily claim',
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
