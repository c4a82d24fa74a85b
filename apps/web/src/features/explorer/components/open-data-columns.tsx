import { defineMessages } from '@netpulse/i18n';
import { useIntl } from '@/lib/i18n/use-intl';
import { EXPLORER_METRICS } from '@/features/explorer/map/metric-scale';

const columnMeanings = defineMessages({
  period: {
    id: 'explorer.column.period',
    defaultMessage: 'The calendar month in UTC (YYYY-MM), or last-30-days.',
  },
  resolution: {
    id: 'explorer.column.resolution',
    defaultMessage: 'The H3 resolution of the cell, from 3 (the coarsest) to 7.',
  },
  cell: {
    id: 'explorer.column.cell',
    defaultMessage: 'The H3 cell’s index; cells.geojson draws it as a hexagon.',
  },
  country: {
    id: 'explorer.column.country',
    defaultMessage: 'The country, as its ISO 3166-1 alpha-2 code.',
  },
  tests: {
    id: 'explorer.column.tests',
    defaultMessage: 'The tests counted: at most one per node and day.',
  },
  nodes: { id: 'explorer.column.nodes', defaultMessage: 'The distinct nodes that tested there.' },
});

const FIELD_OF_METRIC = { download: 'download_mbps', upload: 'upload_mbps', latency: 'latency_ms' };

/**
 * The open data's columns, each with what it means: the files' schema, for whoever reads them
 * (the CSV files and the GeoJSON features' properties share the names).
 */
export function OpenDataColumns() {
  const intl = useIntl();
  const rows: [string, string][] = [
    ...Object.entries(columnMeanings).map(
      ([column, meaning]) => [column, intl.formatMessage(meaning)] as [string, string],
    ),
    ...EXPLORER_METRICS.map(
      (metric) =>
        [
          `${FIELD_OF_METRIC[metric]}_p25, _median, _p75`,
          intl.formatMessage(
            {
              id: 'explorer.column.quartiles',
              defaultMessage:
                '{metric, select, download {Download speed in Mbit/s} upload {Upload speed in Mbit/s} other {Latency in milliseconds}}: the 25th percentile, the median and the 75th percentile of the counted tests. Empty when none measured it.',
            },
            { metric },
          ),
        ] as [string, string],
    ),
  ];
  return (
    <details className="rounded-lg border border-line p-3" data-testid="open-data-columns">
      <summary className="cursor-pointer font-semibold text-ink">
        {intl.formatMessage({
          id: 'explorer.columnsTitle',
          defaultMessage: 'What each column means',
        })}
      </summary>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([column, meaning]) => (
          <div key={column} className="contents">
            <dt className="font-mono text-xs text-ink" translate="no">
              {column}
            </dt>
            <dd className="text-sm">{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
