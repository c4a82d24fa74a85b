import { defineMessages } from '@netpulse/i18n';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { formatRoundTrip, formatSpeed } from '@/lib/format-number';
import type { ExplorerMetric } from '@/features/explorer/map/metric-scale';

const metricNames = defineMessages({
  download: { id: 'explorer.metricDownload', defaultMessage: 'Download' },
  upload: { id: 'explorer.metricUpload', defaultMessage: 'Upload' },
  latency: { id: 'explorer.metricLatency', defaultMessage: 'Latency' },
});

export const metricLabel = (intl: PageFormatter, metric: ExplorerMetric) =>
  intl.formatMessage(metricNames[metric]);

/** A value of a metric in its unit and the page's language: "93.4 Mbit/s", "12 ms". */
export const formatMetric = (metric: ExplorerMetric, value: number) =>
  metric === 'latency' ? formatRoundTrip(value) : formatSpeed(value);

const medianNames = defineMessages({
  median: {
    id: 'explorer.columnMedian',
    defaultMessage:
      '{metric, select, download {Median download} upload {Median upload} other {Median latency}}',
  },
});

/** "Median download": the totals', the table's and the legend's name of a metric's median. */
export const medianLabel = (intl: PageFormatter, metric: ExplorerMetric) =>
  intl.formatMessage(medianNames.median, { metric });
