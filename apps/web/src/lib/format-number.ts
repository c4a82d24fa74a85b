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
  return `${latencyFormat.format(value)} ms`;
}
