import { formatDateTime, formatMbps, type NetworkNode, type SpeedHistory } from '@netpulse/shared';
import {
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
import { useRef } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { Line } from 'react-chartjs-2';
import { nodeDash, seriesColor } from '@/components/charts/chart-palette';
import {
  CATEGORY_AXIS,
  CHART_PLUGINS,
  tickLimitForWidth,
  VALUE_AXIS,
} from '@/components/charts/chart-theme';
import { useElementWidth } from '@/hooks/use-element-width';
import { useIntl } from '@/lib/i18n/use-intl';
import { speedHistoryLines, type LineLabel, type SpeedHistoryLine } from './speed-history-lines';

/** A line's name in the legend, in the page's language: "Laptop · Download". */
const lineLabel =
  (intl: PageFormatter): LineLabel =>
  (nodeName, measure) =>
    intl.formatMessage(
      {
        id: 'nodes.historyLine',
        defaultMessage: '{node} · {measure, select, download {Download} other {Upload}}',
      },
      {
        node:
          nodeName ??
          intl.formatMessage({ id: 'nodes.removedNode', defaultMessage: 'Removed node' }),
        measure,
      },
    );

// Only the pieces a line chart on a numeric time axis needs; chart.js is its own lazy chunk.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

/** About how wide one time label is ("2026-11-25 12:49"); the axis shows as many as fit. */
const TIME_LABEL_WIDTH_PX = 96;

function options(
  range: { min: number; max: number },
  ticks: number,
  lines: readonly SpeedHistoryLine[],
  intl: PageFormatter,
): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    // The nearest test in time, across nodes: each node tests at its own moments.
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
    scales: {
      // Time of test, proportional: a gap of a day is wider than a gap of an hour.
      x: {
        ...CATEGORY_AXIS,
        type: 'linear',
        min: range.min,
        max: range.max,
        ticks: {
          ...CATEGORY_AXIS.ticks,
          maxTicksLimit: ticks,
          maxRotation: 0,
          autoSkipPadding: 16,
          callback: (value) => formatDateTime(new Date(Number(value))),
        },
      },
      y: VALUE_AXIS,
    },
    plugins: {
      ...CHART_PLUGINS,
      // The legend draws each line's pattern, which is what tells one node from another.
      legend: {
        ...CHART_PLUGINS.legend,
        labels: { ...CHART_PLUGINS.legend.labels, usePointStyle: false, boxHeight: 0 },
      },
      tooltip: {
        ...CHART_PLUGINS.tooltip,
        callbacks: {
          title: (items) => (items[0] ? formatDateTime(new Date(items[0].parsed.x ?? 0)) : ''),
          label: (item) =>
            intl.formatMessage(
              { id: 'nodes.historyTooltip', defaultMessage: '{line}: {speed}' },
              {
                line: lines[item.datasetIndex]?.label ?? '',
                speed: formatMbps(item.parsed.y ?? 0),
              },
            ),
        },
      },
    },
  };
}

/**
 * Download and upload per test over the cycle, on a time axis: one pair of lines per node,
 * named in the legend; each measure in its own colour, each node in its own line pattern.
 * Every test is a visible point, so a lone test shows too. Loaded on demand: chart.js never
 * ships with the screen.
 */
export function SpeedHistoryChart({
  history,
  nodes,
}: {
  history: SpeedHistory;
  nodes: readonly Pick<NetworkNode, 'id' | 'name'>[];
}) {
  const intl = useIntl();
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame, 320);
  const { lines, range } = speedHistoryLines(history, nodes, lineLabel(intl));
  const data: ChartData<'line', { x: number; y: number }[]> = {
    datasets: lines.map((line) => ({
      label: line.label,
      data: line.points,
      borderColor: seriesColor(line.measure),
      backgroundColor: seriesColor(line.measure),
      borderDash: nodeDash(line.nodeIndex),
      pointRadius: 3,
      pointHoverRadius: 5,
      tension: 0.25,
    })),
  };
  const summary = intl.formatMessage(
    {
      id: 'nodes.historySummary',
      defaultMessage:
        'Line chart of download and upload speed in Mbit/s over time for {count, plural, one {# test} other {# tests}} of this cycle, one line per node and measure.',
    },
    { count: history.points.length },
  );
  return (
    <div ref={frame} className="relative h-72 w-full sm:h-80" data-testid="speed-history-chart">
      <Line
        data={data}
        options={options(range, tickLimitForWidth(width, TIME_LABEL_WIDTH_PX, 8), lines, intl)}
        role="img"
        aria-label={summary}
      />
      {history.points.length === 1 && <LoneTest point={history.points[0]!} />}
    </div>
  );
}

/** A lone test's figures in words beside its point: one point alone says little. */
function LoneTest({ point }: { point: SpeedHistory['points'][number] }) {
  const intl = useIntl();
  return (
    <p className="mt-2 text-center text-sm text-ink-muted" data-testid="speed-history-lone-test">
      {intl.formatMessage(
        {
          id: 'nodes.historyLoneTest',
          defaultMessage: 'One test so far, {time}: {download} down · {upload} up',
        },
        {
          time: formatDateTime(point.created_at),
          download: formatMbps(point.download_mbps),
          upload: formatMbps(point.upload_mbps),
        },
      )}
    </p>
  );
}
