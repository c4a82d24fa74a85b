/**
 * A Prometheus histogram for the hot paths (every request, every query), which
 * prom-client's own Histogram made cost a microsecond or more per observation
 * (it builds a closure and hashes the labels each time). Here a series is found
 * once and kept by the caller; observing adds to its bucket, sum and count and
 * allocates nothing. The registry reads it like any metric (`get()`), so it is
 * served in the same text.
 */
import type { Registry } from 'prom-client';

/** A sample as prom-client's registry formats it. */
interface Sample {
  metricName: string;
  labels: Readonly<Record<string, string | number>>;
  value: number;
}

/** What the registry reads of a metric at each scrape. */
interface MetricReading {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: Sample[];
}

/** One label set's counts. */
export class HistogramSeries {
  /** Per bucket, the observations that fell in it (not cumulative); the last is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    private readonly bounds: readonly number[],
    readonly labels: Readonly<Record<string, string | number>>,
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > (bounds[bucket] as number)) bucket++;
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.sum += value;
    this.count += 1;
  }
}

export interface LeanHistogramOptions {
  name: string;
  help: string;
  /** Upper bounds, ascending; +Inf is added. */
  buckets: readonly number[];
  registers: Registry[];
}

export class LeanHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #series: HistogramSeries[] = [];

  constructor(options: LeanHistogramOptions) {
    this.name = options.name;
    this.help = options.help;
    this.#bounds = options.buckets;
    // The registry's type is prom-client's Metric class; it only calls name, get() and reset().
    for (const registry of options.registers) {
      registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
    }
  }

  /** A new series with these labels; the caller keeps it and observes into it. */
  series(labels: Record<string, string | number> = {}): HistogramSeries {
    const series = new HistogramSeries(this.#bounds, labels);
    this.#series.push(series);
    return series;
  }

  /** The samples as prom-client's registry formats them: cumulative buckets, sum and count. */
  get(): MetricReading {
    const values: Sample[] = [];
    for (const series of this.#series) {
      let cumulative = 0;
      for (let bucket = 0; bucket <= this.#bounds.length; bucket++) {
        cumulative += series.counts[bucket] as number;
        const le = bucket < this.#bounds.length ? (this.#bounds[bucket] as number) : '+Inf';
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...series.labels, le },
          value: cumulative,
        });
      }
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({
        metricName: `${this.name}_count`,
        labels: series.labels,
        value: series.count,
      });
    }
    return {
      name: this.name,
      help: this.help,
      type: 'histogram',
      aggregator: 'sum',
      values,
    };
  }

  /** Registry.resetMetrics calls it: every series starts from zero. */
  reset(): void {
    for (const series of this.#series) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
