/**
 * The dark theme every Chart.js chart of the app shares (the earnings chart,
 * the speed history): axes, legend and tooltip. Plain values with no chart.js
 * import, so it adds nothing to a chunk that does not draw a chart.
 */
const TEXT = '#a3b1c6';
const GRID = 'rgba(42, 56, 80, 0.7)';
const INK = '#e8eef7';

/** The category axis: no grid lines, muted labels. */
export const CATEGORY_AXIS = {
  grid: { display: false },
  ticks: { color: TEXT },
  border: { color: GRID },
};

/** The value axis from zero, with light grid lines. */
export const VALUE_AXIS = {
  beginAtZero: true,
  grid: { color: GRID },
  ticks: { color: TEXT },
  border: { display: false },
};

/** The legend below the chart and the tooltip, on the app's surfaces. */
export const CHART_PLUGINS = {
  legend: {
    position: 'bottom' as const,
    labels: { color: INK, usePointStyle: true, padding: 16 },
  },
  tooltip: {
    backgroundColor: '#162032',
    borderColor: '#2a3850',
    borderWidth: 1,
    titleColor: INK,
    bodyColor: INK,
  },
};

/**
 * How many labels an axis `widthPx` wide can carry without two touching, each about
 * `labelWidthPx` wide with a gap: never more than `most`, never fewer than 2 (both ends).
 */
export function tickLimitForWidth(widthPx: number, labelWidthPx: number, most: number): number {
  const fits = Math.floor(widthPx / (labelWidthPx + LABEL_GAP_PX));
  return Math.max(2, Math.min(most, fits));
}

/** The least room between two axis labels. */
const LABEL_GAP_PX = 16;
