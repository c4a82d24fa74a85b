import { formatDate, formatDateTime, transactionTypeLabel } from '@netpulse/shared';
import type { AdminOverview } from '@netpulse/shared/admin';
import type { ChartData, ChartOptions } from 'chart.js';
import { Bar } from '@/components/charts/bar-chart';
import { CATEGORY_AXIS, CHART_PLUGINS, VALUE_AXIS } from '@/components/charts/chart-theme';
import { Panel } from '@/components/ui/panel';
import { bytesPerDaySeries } from '@/features/admin/overview-series';

const PALETTE = ['#22d3ee', '#a78bfa', '#34d399', '#fbbf24', '#f87171', '#60a5fa', '#f472b6'];

function options(stacked: boolean, maxTicks: number): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        ...CATEGORY_AXIS,
        stacked,
        ticks: { ...CATEGORY_AXIS.ticks, maxTicksLimit: maxTicks, maxRotation: 0 },
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
  return (
    <Panel title={title} testId={testId}>
      <div className="relative h-64 w-full">
        <Bar data={data} options={options(stacked, maxTicks)} role="img" aria-label={summary} />
      </div>
    </Panel>
  );
}

/** The overview's four charts. Loaded on demand: chart.js never ships with the console's screens. */
export function OverviewCharts({ overview }: { overview: AdminOverview }) {
  const hours = overview.testsPerHour.map((point) => formatDateTime(point.at));
  const bytes = bytesPerDaySeries(overview.bytesPerDay);
  const total = (values: readonly { count: number }[]) =>
    values.reduce((sum, value) => sum + value.count, 0);

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartPanel
        title="Tests per hour (7 days)"
        testId="chart-tests"
        summary={`Bar chart of completed tests per hour over the last 7 days: ${total(overview.testsPerHour)} in all.`}
        data={{
          labels: hours,
          datasets: [
            {
              label: 'Tests',
              data: overview.testsPerHour.map((point) => point.count),
              backgroundColor: PALETTE[0],
            },
          ],
        }}
      />
      <ChartPanel
        title="Signups per day"
        testId="chart-signups"
        summary={`Bar chart of signups per day over the last 30 days: ${total(overview.signupsPerDay)} in all.`}
        data={{
          labels: overview.signupsPerDay.map((point) => formatDate(point.at, 'UTC')),
          datasets: [
            {
              label: 'Signups',
              data: overview.signupsPerDay.map((point) => point.count),
              backgroundColor: PALETTE[1],
            },
          ],
        }}
      />
      <ChartPanel
        title="Bytes issued per day, by type"
        testId="chart-bytes"
        stacked
        summary={`Stacked bar chart of Bytes issued per day over the last 30 days, by transaction type: ${bytes.series.map((series) => transactionTypeLabel(series.type)).join(', ') || 'none yet'}.`}
        data={{
          labels: bytes.days,
          datasets: bytes.series.map((series, index) => ({
            label: transactionTypeLabel(series.type),
            data: series.points,
            backgroundColor: PALETTE[index % PALETTE.length],
          })),
        }}
      />
      <ChartPanel
        title="Errors per hour (this server)"
        testId="chart-errors"
        stacked
        summary={`Stacked bar chart of error responses per hour over the last 7 days: ${overview.errorsPerHour.reduce((sum, hour) => sum + hour.serverErrors, 0)} server errors and ${overview.errorsPerHour.reduce((sum, hour) => sum + hour.clientErrors, 0)} client errors.`}
        data={{
          labels: overview.errorsPerHour.map((hour) => formatDateTime(hour.at)),
          datasets: [
            {
              label: 'Server errors (5xx)',
              data: overview.errorsPerHour.map((hour) => hour.serverErrors),
              backgroundColor: PALETTE[4],
            },
            {
              label: 'Client errors (4xx)',
              data: overview.errorsPerHour.map((hour) => hour.clientErrors),
              backgroundColor: PALETTE[3],
            },
          ],
        }}
      />
    </div>
  );
}
