import {
  BOOST_LABELS,
  boostBreakdown,
  formatMultiplier,
  formatDateTime,
  formatLatency,
  formatMbps,
  maskIpAddress,
  type NetworkStatRow,
} from '@netpulse/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { defineMessages } from '@netpulse/i18n';
import { ExportCsvButton } from '@/components/export-csv/export-csv-button';
import type { Column } from '@/components/ui/data-table';
import { ActionLink } from '@/components/ui/action-link';
import { EmptyState } from '@/components/ui/empty-state';
import { MissingValue } from '@/components/ui/missing-value';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { SkeletonBar } from '@/components/ui/skeleton-bar';
import { Switch } from '@/components/ui/switch';
import { Time } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useVisibleFor } from '@/hooks/use-visible-for';
import { formatPoints, formatSpeedLine } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { useExportNetworkStatistics } from '@/features/dashboard/api/export-network-statistics';
import { useNetworkStatistics } from '@/features/dashboard/api/get-network-statistics';
import { MeasuredValue, NotMeasured } from './speed-cells';
import { ClampedText } from '@/components/ui/clamped-text';

const loadReceiptDialog = () => import('./speedtest-receipt-dialog');
/**
 * A row's receipt, opened by a click: its dialog, rules and texts are not the dashboard's first
 * load. They are fetched once the table shows rows, ahead of the first click.
 */
const SpeedtestReceiptDialog = lazy(async () => ({
  default: (await loadReceiptDialog()).SpeedtestReceiptDialog,
}));

/** The columns a phone's stacked card leaves out (it shows them as one line). */
const WIDE_ONLY = 'max-sm:hidden';

/** Spec section 4: page 1 loads once the table has been half visible for 2.5 s… */
const FIRST_LOAD = { threshold: 0.5, delayMs: 2500 };
/** …and later page changes reload after 200 ms. */
const PAGE_CHANGE_DELAY_MS = 200;

const messages = defineMessages({
  empty: {
    id: 'dashboard.networkEmpty',
    defaultMessage: 'No speed tests yet. Run your first one to start earning Bytes.',
  },
  boostUniqueIp: { id: 'dashboard.boostUniqueIp', defaultMessage: 'Unique IP' },
  boostLocation: { id: 'dashboard.boostLocation', defaultMessage: 'Location' },
  boostElite: { id: 'dashboard.boostElite', defaultMessage: 'Elite Role' },
});

/** The boosts' names (packages/shared's `BOOST_LABELS`) in the page's language. */
const boostNames = {
  [BOOST_LABELS.uniqueIp]: messages.boostUniqueIp,
  [BOOST_LABELS.location]: messages.boostLocation,
  [BOOST_LABELS.elite]: messages.boostElite,
};

function PointsCell({ row }: { row: NetworkStatRow }) {
  const intl = useIntl();
  const boosts = boostBreakdown(row);
  return (
    <div className="flex flex-col gap-1.5 max-sm:items-end">
      <span className="font-semibold text-ink tabular-nums">{formatPoints(row.points)}</span>
      {boosts.length > 0 ? (
        <ul
          aria-label={intl.formatMessage({ id: 'dashboard.boosts', defaultMessage: 'Boosts' })}
          className="flex flex-wrap gap-1.5 max-sm:justify-end"
          data-testid="boost-breakdown"
        >
          {boosts.map((boost) => (
            <li
              key={boost.label}
              className="inline-block rounded-md bg-surface-raised px-1.5 py-0.5 text-xs whitespace-nowrap text-ink-muted"
            >
              {/* Inline text, not flex items: it reads "Unique IP · 2x" on screen and when copied. */}
              {intl.formatMessage(
                {
                  id: 'dashboard.boostChip',
                  defaultMessage: '{boost} · <strong>{multiplier}</strong>',
                },
                {
                  boost: intl.formatMessage(boostNames[boost.label as keyof typeof boostNames]),
                  multiplier: formatMultiplier(boost.multiplier),
                  strong: (chunks) => (
                    <span className="font-semibold text-accent-strong">{chunks}</span>
                  ),
                },
              )}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-xs text-ink-muted">
          {intl.formatMessage({ id: 'dashboard.noBoost', defaultMessage: 'No boost' })}
        </span>
      )}
    </div>
  );
}

/**
 * The Network Statistics table: the user's speed tests with what the server
 * measured, the node, the boosts and an IP mask; a row opens its receipt.
 */
export function NetworkStatistics() {
  const containerRef = useRef<HTMLDivElement>(null);
  const due = useVisibleFor(containerRef, FIRST_LOAD);
  const [page, setPage] = useState(1);
  const requestedPage = useDebouncedValue(page, PAGE_CHANGE_DELAY_MS);
  const [hideIp, setHideIp] = useState(false);
  const [receiptOf, setReceiptOf] = useState<string | null>(null);
  const intl = useIntl();
  const statistics = useNetworkStatistics({ page: requestedPage, enabled: due });
  const exportCsv = useExportNetworkStatistics();
  const hasRows = (statistics.data?.rows.length ?? 0) > 0;
  useEffect(() => {
    if (hasRows) void loadReceiptDialog();
  }, [hasRows]);

  const columns: Column<NetworkStatRow>[] = [
    {
      id: 'time',
      header: intl.formatMessage({ id: 'dashboard.columnTime', defaultMessage: 'Time' }),
      cell: (row) => <Time iso={row.created_at} />,
    },
    {
      id: 'node',
      header: intl.formatMessage({ id: 'dashboard.columnNode', defaultMessage: 'Node' }),
      cell: (row) =>
        row.node_name === null ? (
          <MissingValue
            label={intl.formatMessage({
              id: 'dashboard.noNodeRecorded',
              defaultMessage: 'No node recorded',
            })}
          />
        ) : (
          <ClampedText text={row.node_name} />
        ),
    },
    // Three columns on wider screens; one line on a phone's card, which stays short.
    {
      id: 'download',
      header: intl.formatMessage({ id: 'dashboard.columnDownload', defaultMessage: 'Download' }),
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.download_mbps} format={formatMbps} />,
    },
    {
      id: 'upload',
      header: intl.formatMessage({ id: 'dashboard.columnUpload', defaultMessage: 'Upload' }),
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.upload_mbps} format={formatMbps} />,
    },
    {
      id: 'latency',
      header: intl.formatMessage({ id: 'dashboard.columnLatency', defaultMessage: 'Latency' }),
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.latency_ms} format={formatLatency} />,
    },
    {
      id: 'speeds',
      header: intl.formatMessage({ id: 'dashboard.columnSpeeds', defaultMessage: 'Speeds' }),
      className: 'sm:hidden',
      cell: (row) => {
        const line = formatSpeedLine(row);
        return line === null ? <NotMeasured /> : <span className="tabular-nums">{line}</span>;
      },
    },
    {
      id: 'ip',
      header: intl.formatMessage({ id: 'dashboard.columnIpAddress', defaultMessage: 'IP Address' }),
      cell: (row) => (
        <span className="text-ink-muted tabular-nums">
          {hideIp ? maskIpAddress(row.ip_address) : row.ip_address}
        </span>
      ),
    },
    {
      id: 'points',
      header: intl.formatMessage({ id: 'dashboard.unitBytes', defaultMessage: 'Bytes' }),
      cell: (row) => <PointsCell row={row} />,
      // The points, and a line of boost chips under them.
      skeleton: (
        <span className="flex flex-col gap-1.5 max-sm:items-end">
          <SkeletonBar size="h-5 w-12" />
          <SkeletonBar size="h-5 w-40" />
        </span>
      ),
    },
    {
      id: 'receipt',
      header: intl.formatMessage({ id: 'dashboard.columnReceipt', defaultMessage: 'Receipt' }),
      cell: (row) => (
        <button
          type="button"
          // The row's click opens it too; this stops that second open.
          onClick={(event) => {
            event.stopPropagation();
            setReceiptOf(row.id);
          }}
          aria-label={intl.formatMessage(
            { id: 'dashboard.receiptOfTest', defaultMessage: 'Receipt of the test at {time}' },
            { time: formatDateTime(row.created_at) },
          )}
          className="inline-flex min-h-9 items-center rounded-lg border border-line bg-surface-raised px-3 text-xs font-semibold text-ink hover:border-ink-muted"
        >
          {intl.formatMessage({ id: 'dashboard.openReceipt', defaultMessage: 'Receipt' })}
        </button>
      ),
    },
  ];

  return (
    <Panel
      title={intl.formatMessage({
        id: 'dashboard.networkTitle',
        defaultMessage: 'Network Statistics',
      })}
      testId="network-statistics"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Switch
            label={intl.formatMessage({
              id: 'dashboard.hideIp',
              defaultMessage: 'Hide IP Address',
            })}
            checked={hideIp}
            onCheckedChange={setHideIp}
          />
          <ActionLink to={paths.explorer.href()}>
            {intl.formatMessage({
              id: 'dashboard.networkExplorer',
              defaultMessage: 'Explore the whole network',
            })}
          </ActionLink>
          <ExportCsvButton
            testId="export-network-statistics"
            exporting={exportCsv.isPending}
            onExport={() => exportCsv.mutate({ hideIp })}
          />
        </div>
      }
    >
      <div ref={containerRef}>
        <PagedTable
          query={statistics}
          // Empty until the first load is due, and while a page change is waited out.
          waiting={!due || page !== requestedPage}
          page={page}
          onPageChange={setPage}
          pagesLabel={intl.formatMessage({
            id: 'dashboard.networkPages',
            defaultMessage: 'Network statistics pages',
          })}
          errorMessage={intl.formatMessage({
            id: 'dashboard.networkFailed',
            defaultMessage: 'The network statistics could not be loaded.',
          })}
          caption={intl.formatMessage({
            id: 'dashboard.networkCaption',
            defaultMessage: 'Network statistics',
          })}
          testId="network-statistics-table"
          columns={columns}
          rowKey={(row) => row.id}
          loadingLabel={intl.formatMessage({
            id: 'dashboard.networkLoading',
            defaultMessage: 'Loading network statistics…',
          })}
          empty={
            <EmptyState
              message={intl.formatMessage(messages.empty)}
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
          onRowClick={(row) => setReceiptOf(row.id)}
        />
      </div>
      {receiptOf && (
        <Suspense fallback={null}>
          <SpeedtestReceiptDialog testId={receiptOf} onClose={() => setReceiptOf(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
