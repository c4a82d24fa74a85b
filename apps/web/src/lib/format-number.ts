import { formatLatency, formatMbps } from '@netpulse/shared';

const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number of Bytes as it reads on screen: grouped thousands, at most two decimals. */
export function formatPoints(value: number): string {
  return pointsFormat.format(value);
}

/** A test's measured speeds, as the API gives them (null for a figure never measured). */
interface MeasuredSpeeds {
  download_mbps: number | null;
  upload_mbps: number | null;
  latency_ms: number | null;
}

/**
 * A test's speeds on one line: "93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms", with
 * "latency -" when no round trip was seen; null when the speeds were never measured.
 */
export function formatSpeedLine(speeds: MeasuredSpeeds): string | null {
  if (speeds.download_mbps === null || speeds.upload_mbps === null) return null;
  const latency = speeds.latency_ms === null ? 'latency -' : formatLatency(speeds.latency_ms);
  return `${formatMbps(speeds.download_mbps)} down · ${formatMbps(speeds.upload_mbps)} up · ${latency}`;
}
