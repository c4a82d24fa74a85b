import type { EarningsChart as EarningsChartData } from '@netpulse/shared';
import type { ChartData, ChartOptions } from 'chart.js';
import { Bar } from '@/components/charts/bar-chart';
import { seriesColor } from '@/components/charts/chart-palette';
import { CATEGORY_AXIS, CHART_PLUGINS, VALUE_AXIS } from '@/components/charts/chart-theme';

type SeriesKey = keyof EarningsChartData['datasets'];

/** The four series of spec section 2, in the order they stack, each in its transaction type's colour. */
const SERIES: readonly { key: SeriesKey; label: string; color: string }[] = [
  { key: 'referralBonus', label: 'Referral Bonus', color: seriesColor('referral_bonus') },
  { key: 'referralEarning', label: 'Referral Earning', color: seriesColor('referral_commission') },
  { key: 'questsEarning', label: 'Quests Earning', color: seriesColor('quest_reward') },
  { key: 'speedtestEarning', label: 'Speedtest Earning', color: seriesColor('speedtest_earning') },
];

const options: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  scales: { x: { ...CATEGORY_AXIS, stacked: true }, y: { ...VALUE_AXIS, stacked: true } },
  plugins: {
    ...CHART_PLUGINS,
    legend: {
      ...CHART_PLUGINS.legend,
      labels: { ...CHART_PLUGINS.legend.labels, pointStyle: 'rectRounded' },
    },
  },
};

/** The Earnings Statistics stacked bar chart. Loaded on demand: chart.js never ships with the screen. */
export function EarningsChart({ data }: { data: EarningsChartData }) {
  const chartData: ChartData<'bar'> = {
    labels: data.labels,
    datasets: SERIES.map((series) => ({
      label: series.label,
      data: data.datasets[series.key],
      backgroundColor: series.color,
      borderRadius: 5,
      maxBarThickness: 36,
    })),
  };
  const summary = `Stacked bar chart of earnings per day for ${data.labels.length} days: ${SERIES.map((s) => s.label).join(', ')}.`;
  return (
    <div className="relative h-72 w-full sm:h-80" data-testid="earnings-chart">
      <Bar data={chartData} options={options} role="img" aria-label={summary} />
    </div>
  );
}
