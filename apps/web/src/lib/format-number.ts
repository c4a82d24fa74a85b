const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number of Bytes as it reads on screen: grouped thousands, at most two decimals. */
export function formatPoints(value: number): string {
  return pointsFormat.format(value);
}

const speedFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const latencyFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A speed as it reads on screen: "93.4 Mbit/s". */
export function formatMbps(value: number): string {
  return `${speedFormat.format(value)} Mbit/s`;
}

/** A round trip as it reads on screen: "12 ms". */
export function formatLatency(value: number): string {
  // A round trip under half a millisecond (the same machine, a LAN) would round to a puzzling "0 ms".
  if (value < 0.5) return '< 1 ms';
  return `${latencyFormat.format(value)} ms`;
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
