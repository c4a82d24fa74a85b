import type { EarningsChart as EarningsChartData } from '@netpulse/shared';
import type { ChartData, ChartOptions } from 'chart.js';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { Bar } from '@/components/charts/bar-chart';
import { seriesColor } from '@/components/charts/chart-palette';
import { CATEGORY_AXIS, CHART_PLUGINS, VALUE_AXIS } from '@/components/charts/chart-theme';
import { useIntl } from '@/lib/i18n/use-intl';

type SeriesKey = keyof EarningsChartData['datasets'];

/** The four series of spec section 2, in the order they stack, each in its transaction type's colour. */
const labels = defineMessages({
  referralBonus: { id: 'dashboard.chartReferralBonus', defaultMessage: 'Referral Bonus' },
  referralEarning: { id: 'dashboard.chartReferralEarning', defaultMessage: 'Referral Earning' },
  questsEarning: { id: 'dashboard.chartQuestsEarning', defaultMessage: 'Quests Earning' },
  speedtestEarning: { id: 'dashboard.chartSpeedtestEarning', defaultMessage: 'Speedtest Earning' },
});

const SERIES: readonly { key: SeriesKey; label: MessageDescriptor; color: string }[] = [
  { key: 'referralBonus', label: labels.referralBonus, color: seriesColor('referral_bonus') },
  {
    key: 'referralEarning',
    label: labels.referralEarning,
    color: seriesColor('referral_commission'),
  },
  { key: 'questsEarning', label: labels.questsEarning, color: seriesColor('quest_reward') },
  {
    key: 'speedtestEarning',
    label: labels.speedtestEarning,
    color: seriesColor('speedtest_earning'),
  },
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
  const intl = useIntl();
  const chartData: ChartData<'bar'> = {
    labels: data.labels,
    datasets: SERIES.map((series) => ({
      label: intl.formatMessage(series.label),
      data: data.datasets[series.key],
      backgroundColor: series.color,
      borderRadius: 5,
      maxBarThickness: 36,
    })),
  };
  const summary = intl.formatMessage(
    {
      id: 'dashboard.chartSummary',
      defaultMessage:
        'Stacked bar chart of earnings per day for {days, plural, one {# day} other {# days}}: {series}.',
    },
    {
      days: data.labels.length,
      series: intl.formatList(SERIES.map((s) => intl.formatMessage(s.label))),
    },
  );
  return (
    <div className="relative h-72 w-full sm:h-80" data-testid="earnings-chart">
      <Bar data={chartData} options={options} role="img" aria-label={summary} />
    </div>
  );
}
