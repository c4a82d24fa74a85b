import { formatLatency, formatMbps, type NetworkStatRow } from '@netpulse/shared';
import { MissingValue } from '@/components/ui/missing-value';
import { useIntl } from '@/lib/i18n/use-intl';

/** A figure never measured: a dash, read "Not measured" in the page's language. */
export function NotMeasured() {
  const intl = useIntl();
  return (
    <MissingValue
      label={intl.formatMessage({ id: 'dashboard.notMeasured', defaultMessage: 'Not measured' })}
    />
  );
}

type Speeds = Pick<NetworkStatRow, 'download_mbps' | 'upload_mbps' | 'latency_ms'>;

/** A measured figure, or a dash read as "Not measured" for tests from before it was kept. */
export function MeasuredValue({
  value,
  format,
}: {
  value: number | null;
  format: (value: number) => string;
}) {
  return value === null ? <NotMeasured /> : <span className="tabular-nums">{format(value)}</span>;
}

/** A test's download, upload and latency as three labelled figures (the receipt's header). */
export function SpeedFacts({ row }: { row: Speeds }) {
  const intl = useIntl();
  const facts = [
    {
      key: 'download',
      label: intl.formatMessage({ id: 'dashboard.columnDownload', defaultMessage: 'Download' }),
      value: row.download_mbps,
      format: formatMbps,
    },
    {
      key: 'upload',
      label: intl.formatMessage({ id: 'dashboard.columnUpload', defaultMessage: 'Upload' }),
      value: row.upload_mbps,
      format: formatMbps,
    },
    {
      key: 'latency',
      label: intl.formatMessage({ id: 'dashboard.columnLatency', defaultMessage: 'Latency' }),
      value: row.latency_ms,
      format: formatLatency,
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {facts.map((fact) => (
        <div key={fact.key} className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium text-ink-muted">{fact.label}</dt>
          <dd className="text-sm font-semibold text-ink">
            <MeasuredValue value={fact.value} format={fact.format} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
