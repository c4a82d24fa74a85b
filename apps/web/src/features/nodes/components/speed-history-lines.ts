import type { NetworkNode, SpeedHistory } from '@netpulse/shared';

/** A measure drawn in the speed history, named as in the chart palette. */
export type SpeedMeasure = 'download' | 'upload';

export interface SpeedHistoryLine {
  /** "Laptop · Download": the node's name and the measure, as the legend shows it. */
  label: string;
  measure: SpeedMeasure;
  /** The node's place among the chart's nodes: it picks the line's pattern. */
  nodeIndex: number;
  /** x: the time of the test in ms since the epoch; y: Mbit/s. */
  points: { x: number; y: number }[];
}

const MEASURES: readonly { measure: SpeedMeasure; key: 'download_mbps' | 'upload_mbps' }[] = [
  { measure: 'download', key: 'download_mbps' },
  { measure: 'upload', key: 'upload_mbps' },
];

/**
 * A line's name in the legend from its node's name (null: a removed node, or none recorded)
 * and its measure; the chart gives one in the page's language.
 */
export type LineLabel = (nodeName: string | null, measure: SpeedMeasure) => string;

const englishLabel: LineLabel = (nodeName, measure) =>
  `${nodeName ?? 'Removed node'} · ${measure === 'download' ? 'Download' : 'Upload'}`;

/** Half the span shown around a lone test, so it sits mid-axis rather than on an edge. */
const LONE_TEST_MARGIN_MS = 60 * 60 * 1000;

/** The key a test of a removed node, or of none recorded, is listed under. */
const NO_NODE = '';

/**
 * The speed history as the chart draws it: for each node with tests (in the order of
 * `nodes`, then any removed ones), a download and an upload line over the time of each test;
 * and the time range of the axis, widened around a lone test so it shows as a point.
 */
export function speedHistoryLines(
  history: SpeedHistory,
  nodes: readonly Pick<NetworkNode, 'id' | 'name'>[],
  label: LineLabel = englishLabel,
): { lines: SpeedHistoryLine[]; range: { min: number; max: number } } {
  const nameOf = new Map(nodes.map((node) => [node.id, node.name]));
  const byNode = new Map<string, SpeedHistory['points']>();
  for (const point of history.points) {
    const key = point.node_id !== null && nameOf.has(point.node_id) ? point.node_id : NO_NODE;
    byNode.set(key, [...(byNode.get(key) ?? []), point]);
  }
  const order = [...nodes.map((node) => node.id), NO_NODE].filter((key) => byNode.has(key));
  const lines = order.flatMap((key, nodeIndex) =>
    MEASURES.map(({ measure, key: field }) => ({
      label: label(nameOf.get(key) ?? null, measure),
      measure,
      nodeIndex,
      points: (byNode.get(key) ?? []).map((point) => ({
        x: Date.parse(point.created_at),
        y: point[field],
      })),
    })),
  );
  const times = history.points.map((point) => Date.parse(point.created_at));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const range =
    times.length === 0
      ? { min: 0, max: 1 }
      : first === last
        ? { min: first - LONE_TEST_MARGIN_MS, max: last + LONE_TEST_MARGIN_MS }
        : { min: first, max: last };
  return { lines, range };
}
