import { formatDate, formatDateTime } from '@netpulse/shared';
import type { AdminOverview } from '@netpulse/shared/admin';
import type { ChartData, ChartOptions } from 'chart.js';
import { useRef } from 'react';
import { transactionTypeText } from '@/lib/transaction-labels';
import { useIntl } from '@/lib/i18n/use-intl';
import { Bar } from '@/components/charts/bar-chart';
import { seriesColor } from '@/components/charts/chart-palette';
import {
  CATEGORY_AXIS,
  CHART_PLUGINS,
  tickLimitForWidth,
  VALUE_AXIS,
} from '@/components/charts/chart-theme';
import { useElementWidth } from '@/hooks/use-element-width';
import { Panel } from '@/components/ui/panel';
import { bytesPerDaySeries } from '@/features/admin/overview-series';

/**
 * About how wide one label of the time axis is: "2026-11-25 12:00" in the chart's font. The
 * axis shows as many as fit its width, so labels never run into each other at any width.
 */
const TIME_LABEL_WIDTH_PX = 96;

function options(stacked: boolean, maxTicks: number): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        ...CATEGORY_AXIS,
        stacked,
        // Level labels, as many as fit; chart.js still skips any that would touch.
        ticks: {
          ...CATEGORY_AXIS.ticks,
          maxTicksLimit: maxTicks,
          maxRotation: 0,
          autoSkip: true,
          autoSkipPadding: 16,
        },
      },
      y: { ...VALUE_AXIS, stacked, ticks: { ...VALUE_AXIS.ticks, precision: 0 } },
    },
    plugins: CHART_PLUGINS,
  };
}

function ChartPanel({
  title,
  summary,
  data,
  stacked = false,
  maxTicks = 7,
  testId,
}: {
  title: string;
  summary: string;
  data: ChartData<'bar'>;
  stacked?: boolean;
  maxTicks?: number;
  testId: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame, 320);
  const ticks = tickLimitForWidth(width, TIME_LABEL_WIDTH_PX, maxTicks);
  return (
    <Panel title={title} testId={testId}>
      <div ref={frame} className="relative h-64 w-full" data-ticks={ticks}>
        <Bar data={data} options={options(stacked, ticks)} role="img" aria-label={summary} />
      </div>
    </Panel>
  );
}

/** The overview's four charts. Loaded on demand: chart.js never ships with the console's screens. */
export function OverviewCharts({ overview }: { overview: AdminOverview }) {
  const intl = useIntl();
  // A transaction type's label as a member's transaction history reads it, in the page's language.
  const typeLabel = (type: string) => transactionTypeText(type, intl);
  const hours = overview.testsPerHour.map((point) => formatDateTime(point.at));
  const bytes = bytesPerDaySeries(overview.bytesPerDay);
  const total = (values: readonly { count: number }[]) =>
    values.reduce((sum, value) => sum + value.count, 0);

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartPanel
        title={intl.formatMessage({
          id: 'console.charts.testsTitle',
          defaultMessage: 'Tests per hour (7 days)',
        })}
        testId="chart-tests"
        summary={intl.formatMessage(
          {
            id: 'console.charts.testsSummary',
            defaultMessage:
              'Bar chart of completed tests per hour over the last 7 days: {total, number} in all.',
          },
          { total: total(overview.testsPerHour) },
        )}
        data={{
          labels: hours,
          datasets: [
            {
              label: intl.formatMessage({ id: 'console.charts.tests', defaultMessage: 'Tests' }),
              data: overview.testsPerHour.map((point) => point.count),
              backgroundColor: seriesColor('tests'),
            },
          ],
        }}
      />
      <ChartPanel
        title={intl.formatMessage({
          id: 'console.charts.signupsTitle',
          defaultMessage: 'Signups per day',
        })}
        testId="chart-signups"
        summary={intl.formatMessage(
          {
            id: 'console.charts.signupsSummary',
            defaultMessage:
              'Bar chart of signups per day over the last 30 days: {total, number} in all.',
          },
          { total: total(overview.signupsPerDay) },
        )}
        data={{
          labels: overview.signupsPerDay.map((point) => formatDate(point.at, 'UTC')),
          datasets: [
            {
              label: intl.formatMessage({
                id: 'console.charts.signups',
                defaultMessage: 'Signups',
              }),
              data: overview.signupsPerDay.map((point) => point.count),
              backgroundColor: seriesColor('signups'),
            },
          ],
        }}
      />
      <ChartPanel
        title={intl.formatMessage({
          id: 'console.charts.bytesTitle',
          defaultMessage: 'Bytes issued per day, by type',
        })}
        testId="chart-bytes"
        stacked
        summary={
          bytes.series.length > 0
            ? intl.formatMessage(
                {
                  id: 'console.charts.bytesSummary',
                  defaultMessage:
                    'Stacked bar chart of Bytes issued per day over the last 30 days, by transaction type: {types}.',
                },
                {
                  types: intl.formatList(
                    bytes.series.map((series) => typeLabel(series.type)),
                    { type: 'unit' },
                  ),
                },
              )
            : intl.formatMessage({
                id: 'console.charts.bytesSummaryNone',
                defaultMessage:
                  'Stacked bar chart of Bytes issued per day over the last 30 days, by transaction type: none yet.',
              })
        }
        data={{
          labels: bytes.days,
          datasets: bytes.series.map((series) => ({
            label: typeLabel(series.type),
            data: series.points,
            backgroundColor: seriesColor(series.type),
          })),
        }}
      />
      <ChartPanel
        title={intl.formatMessage({
          id: 'console.charts.errorsTitle',
          defaultMessage: 'Errors per hour (this server)',
        })}
        testId="chart-errors"
        stacked
        summary={intl.formatMessage(
          {
            id: 'console.charts.errorsSummary',
            defaultMessage:
              'Stacked bar chart of error responses per hour over the last 7 days: {server, plural, one {# server error} other {# server errors}} and {client, plural, one {# client error} other {# client errors}}.',
          },
          {
            server: overview.errorsPerHour.reduce((sum, hour) => sum + hour.serverErrors, 0),
            client: overview.errorsPerHour.reduce((sum, hour) => sum + hour.clientErrors, 0),
          },
        )}
        data={{
          labels: overview.errorsPerHour.map((hour) => formatDateTime(hour.at)),
          datasets: [
            {
              label: intl.formatMessage({
                id: 'console.charts.serverErrors',
                defaultMessage: 'Server errors (5xx)',
              }),
              data: overview.errorsPerHour.map((hour) => hour.serverErrors),
              backgroundColor: seriesColor('server_errors'),
            },
            {
              label: intl.formatMessage({
                id: 'console.charts.clientErrors',
                defaultMessage: 'Client errors (4xx)',
              }),
              data: overview.errorsPerHour.map((hour) => hour.clientErrors),
              backgroundColor: seriesColor('client_errors'),
            },
          ],
        }}
      />
    </div>
  );
}
