import {
  boostBreakdown,
  formatMultiplier,
  formatDateTime,
  formatLatency,
  formatMbps,
  maskIpAddress,
  type NetworkStatRow,
} from '@netpulse/shared';
import { useRef, useState } from 'react';
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
import { useExportNetworkStatistics } from '@/features/dashboard/api/export-network-statistics';
import { useNetworkStatistics } from '@/features/dashboard/api/get-network-statistics';
import { MeasuredValue } from './speed-cells';
import { SpeedtestReceiptDialog } from './speedtest-receipt-dialog';
import { ClampedText } from '@/components/ui/clamped-text';

/** The columns a phone's stacked card leaves out (it shows them as one line). */
const WIDE_ONLY = 'max-sm:hidden';

/** Spec section 4: page 1 loads once the table has been half visible for 2.5 s… */
const FIRST_LOAD = { threshold: 0.5, delayMs: 2500 };
/** …and later page changes reload after 200 ms. */
const PAGE_CHANGE_DELAY_MS = 200;

export const NETWORK_EMPTY_MESSAGE =
  'No speed tests yet. Run your first one to start earning Bytes.';

function PointsCell({ row }: { row: NetworkStatRow }) {
  const boosts = boostBreakdown(row);
  return (
    <div className="flex flex-col gap-1.5 max-sm:items-end">
      <span className="font-semibold text-ink tabular-nums">{formatPoints(row.points)}</span>
      {boosts.length > 0 ? (
        <ul
          aria-label="Boosts"
          className="flex flex-wrap gap-1.5 max-sm:justify-end"
          data-testid="boost-breakdown"
        >
          {boosts.map((boost) => (
            <li
              key={boost.label}
              className="inline-block rounded-md bg-surface-raised px-1.5 py-0.5 text-xs whitespace-nowrap text-ink-muted"
            >
              {/* Inline text, not flex items: it reads "Unique IP · 2x" on screen and when copied. */}
              {boost.label} ·{' '}
              <span className="font-semibold text-accent-strong">
                {formatMultiplier(boost.multiplier)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-xs text-ink-muted">No boost</span>
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
  const statistics = useNetworkStatistics({ page: requestedPage, enabled: due });
  const exportCsv = useExportNetworkStatistics();

  const columns: Column<NetworkStatRow>[] = [
    {
      id: 'time',
      header: 'Time',
      cell: (row) => <Time iso={row.created_at} />,
    },
    {
      id: 'node',
      header: 'Node',
      cell: (row) =>
        row.node_name === null ? (
          <MissingValue label="No node recorded" />
        ) : (
          <ClampedText text={row.node_name} />
        ),
    },
    // Three columns on wider screens; one line on a phone's card, which stays short.
    {
      id: 'download',
      header: 'Download',
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.download_mbps} format={formatMbps} />,
    },
    {
      id: 'upload',
      header: 'Upload',
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.upload_mbps} format={formatMbps} />,
    },
    {
      id: 'latency',
      header: 'Latency',
      className: WIDE_ONLY,
      cell: (row) => <MeasuredValue value={row.latency_ms} format={formatLatency} />,
    },
    {
      id: 'speeds',
      header: 'Speeds',
      className: 'sm:hidden',
      cell: (row) => {
        const line = formatSpeedLine(row);
        return line === null ? <MissingValue /> : <span className="tabular-nums">{line}</span>;
      },
    },
    {
      id: 'ip',
      header: 'IP Address',
      cell: (row) => (
        <span className="text-ink-muted tabular-nums">
          {hideIp ? maskIpAddress(row.ip_address) : row.ip_address}
        </span>
      ),
    },
    {
      id: 'points',
      header: 'Bytes',
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
      header: 'Receipt',
      cell: (row) => (
        <button
          type="button"
          // The row's click opens it too; this stops that second open.
          onClick={(event) => {
            event.stopPropagation();
            setReceiptOf(row.id);
          }}
          aria-label={`Receipt of the test at ${formatDateTime(row.created_at)}`}
          className="inline-flex min-h-9 items-center rounded-lg border border-line bg-surface-raised px-3 text-xs font-semibold text-ink hover:border-ink-muted"
        >
          Receipt
        </button>
      ),
    },
  ];

  return (
    <Panel
      title="Network Statistics"
      testId="network-statistics"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Switch label="Hide IP Address" checked={hideIp} onCheckedChange={setHideIp} />
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
          pagesLabel="Network statistics pages"
          errorMessage="The network statistics could not be loaded."
          caption="Network statistics"
          testId="network-statistics-table"
          columns={columns}
          rowKey={(row) => row.id}
          loadingLabel="Loading network statistics…"
          empty={
            <EmptyState
              message={NETWORK_EMPTY_MESSAGE}
              action={<ActionLink to={paths.nodes.href()}>Run a speed test</ActionLink>}
            />
          }
          onRowClick={(row) => setReceiptOf(row.id)}
        />
      </div>
      {receiptOf && (
        <SpeedtestReceiptDialog testId={receiptOf} onClose={() => setReceiptOf(null)} />
      )}
    </Panel>
  );
}
