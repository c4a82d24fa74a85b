/**
 * The explorer's metrics and the colour scale of each. The steps are fixed, not drawn from
 * the data shown, so a colour means the same speed in every period and at every zoom, and the
 * legend can be read once.
 */
export const EXPLORER_METRICS = ['download', 'upload', 'latency'] as const;
export type ExplorerMetric = (typeof EXPLORER_METRICS)[number];

/** The figure of a place that each metric reads (the API's field). */
export const METRIC_FIELD = {
  download: 'download_mbps',
  upload: 'upload_mbps',
  latency: 'latency_ms',
} as const satisfies Record<ExplorerMetric, string>;

/** The lower bound of each step after the first, in the metric's unit. */
const STEPS: Record<ExplorerMetric, readonly number[]> = {
  download: [10, 25, 50, 100, 250],
  upload: [5, 10, 25, 50, 100],
  latency: [10, 20, 40, 80, 150],
};

/**
 * One hue from dim to bright on the app's dark map: the brighter, the better the connection.
 * Speeds brighten as they rise, latency as it falls. The six steps differ in lightness, not only
 * in hue, so they stay apart for people with colour vision deficiency.
 */
const PALETTE = ['#1e3a5f', '#155e75', '#0e7490', '#0891b2', '#22d3ee', '#a5f3fc'] as const;

export interface ScaleStep {
  colour: string;
  /** The step's range in the metric's unit; `to` is null for the last, `from` 0 for the first. */
  from: number;
  to: number | null;
}

/** The steps of a metric, in the order the legend shows them (worst to best). */
export function scaleSteps(metric: ExplorerMetric): ScaleStep[] {
  const bounds = STEPS[metric];
  const ranges = [0, ...bounds].map((from, index) => ({ from, to: bounds[index] ?? null }));
  const colours = metric === 'latency' ? [...PALETTE].reverse() : [...PALETTE];
  const steps = ranges.map((range, index) => ({ ...range, colour: colours[index] ?? PALETTE[0] }));
  return metric === 'latency' ? steps.reverse() : steps;
}

/** The colour of a value of a metric. */
export function colourOf(metric: ExplorerMetric, value: number): string {
  const step = scaleSteps(metric).find(
    (candidate) => value >= candidate.from && (candidate.to === null || value < candidate.to),
  );
  return step?.colour ?? PALETTE[0];
}

/** Whether a higher value is better (speeds) or a lower one (latency): the table's order. */
export const higherIsBetter = (metric: ExplorerMetric) => metric !== 'latency';
