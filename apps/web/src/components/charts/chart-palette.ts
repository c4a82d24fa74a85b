/**
 * One colour per series, the same in every chart of the app and the console: download is
 * always cyan, a speed-test credit always green, whichever chart shows it. Plain values with
 * no chart.js import. Each series has its own colour; none is reused for another series.
 */
import type { TransactionType } from '@netpulse/shared';

export const SERIES_COLORS = {
  // Speed tests: what a node measures.
  download: '#22d3ee',
  upload: '#a78bfa',
  latency: '#fbbf24',
  // Bytes earned, by transaction type (the earnings chart and the console's Bytes per day).
  speedtest_earning: '#34d399',
  referral_bonus: '#60a5fa',
  referral_commission: '#818cf8',
  quest_reward: '#f472b6',
  daily_claim: '#fb923c',
  streak_bonus: '#a3e635',
  referral_quest: '#2dd4bf',
  // The console's counts.
  tests: '#94a3b8',
  signups: '#e879f9',
  server_errors: '#f87171',
  client_errors: '#d6d3d1',
} as const satisfies Record<TransactionType, string> & Record<string, string>;

export type SeriesName = keyof typeof SERIES_COLORS;

/** The colour of `series`; every chart draws a series in this one colour. */
export function seriesColor(series: SeriesName): string {
  return SERIES_COLORS[series];
}

/**
 * The line patterns that tell nodes apart in one chart (solid, dashed, dotted…), as the
 * colour already says which measure a line is.
 */
const NODE_DASHES: readonly number[][] = [[], [8, 4], [2, 3], [12, 4, 2, 4], [4, 4]];

/** The dash pattern of the `index`-th node of a chart. */
export function nodeDash(index: number): number[] {
  return NODE_DASHES[index % NODE_DASHES.length] ?? [];
}
