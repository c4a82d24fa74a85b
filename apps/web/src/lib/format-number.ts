const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number of Bytes as it reads on screen: grouped thousands, at most two decimals. */
export function formatPoints(value: number): string {
  return pointsFormat.format(value);
}
