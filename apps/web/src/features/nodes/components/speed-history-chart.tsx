import { formatDateTime, type SpeedHistory } from '@netpulse/shared';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { CATEGORY_AXIS, CHART_PLUGINS, VALUE_AXIS } from '@/components/charts/chart-theme';

// Only the pieces a line chart needs; chart.js is its own lazy chunk, as for the earnings chart.
ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const SERIES = [
  { key: 'download_mbps', label: 'Download (Mbit/s)', color: '#22d3ee' },
  { key: 'upload_mbps', label: 'Upload (Mbit/s)', color: '#a78bfa' },
] as const;

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  scales: {
    x: { ...CATEGORY_AXIS, ticks: { ...CATEGORY_AXIS.ticks, maxTicksLimit: 8 } },
    y: VALUE_AXIS,
  },
  plugins: CHART_PLUGINS,
};

/** Download and upload per test over the cycle. Loaded on demand: chart.js never ships with the screen. */
export function SpeedHistoryChart({ history }: { history: SpeedHistory }) {
  const data: ChartData<'line'> = {
    labels: history.points.map((point) => formatDateTime(point.created_at)),
    datasets: SERIES.map((series) => ({
      label: series.label,
      data: history.points.map((point) => point[series.key]),
      borderColor: series.color,
      backgroundColor: series.color,
      pointRadius: 2,
      tension: 0.25,
    })),
  };
  const summary = `Line chart of download and upload speed in Mbit/s for ${history.points.length} tests of this cycle.`;
  return (
    <div className="relative h-72 w-full sm:h-80" data-testid="speed-history-chart">
      <Line data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
