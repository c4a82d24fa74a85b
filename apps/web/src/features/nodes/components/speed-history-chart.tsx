import { formatNetworkTime, type SpeedHistory } from '@netpulse/shared';
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

const TEXT = '#a3b1c6';
const GRID = 'rgba(42, 56, 80, 0.7)';
const SERIES = [
  { key: 'download_mbps', label: 'Download (Mbit/s)', color: '#22d3ee' },
  { key: 'upload_mbps', label: 'Upload (Mbit/s)', color: '#a78bfa' },
] as const;

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  scales: {
    x: {
      grid: { display: false },
      ticks: { color: TEXT, maxTicksLimit: 8 },
      border: { color: GRID },
    },
    y: {
      beginAtZero: true,
      grid: { color: GRID },
      ticks: { color: TEXT },
      border: { display: false },
    },
  },
  plugins: {
    legend: {
      position: 'bottom',
      labels: { color: '#e8eef7', usePointStyle: true, padding: 16 },
    },
    tooltip: {
      backgroundColor: '#162032',
      borderColor: '#2a3850',
      borderWidth: 1,
      titleColor: '#e8eef7',
      bodyColor: '#e8eef7',
    },
  },
};

/** Download and upload per test over the cycle. Loaded on demand: chart.js never ships with the screen. */
export function SpeedHistoryChart({ history }: { history: SpeedHistory }) {
  const data: ChartData<'line'> = {
    labels: history.points.map((point) => formatNetworkTime(point.created_at)),
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
