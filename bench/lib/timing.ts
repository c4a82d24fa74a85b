/** Latency of one request at a time: the cost of a query, without queueing. */

export interface LatencyFigures {
  medianMs: number;
  p99Ms: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export async function sequentialLatency(
  url: string,
  headers: Record<string, string>,
  samples: number,
): Promise<LatencyFigures> {
  const timings: number[] = [];
  for (let i = 0; i < samples + 10; i++) {
    const startedAt = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    // The first ten warm up the JIT, the pool and the database's caches.
    if (i >= 10) timings.push(performance.now() - startedAt);
  }
  timings.sort((a, b) => a - b);
  return { medianMs: percentile(timings, 0.5), p99Ms: percentile(timings, 0.99) };
}
