import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseSamples } from '../../../test/helpers/prometheus.ts';
import { LeanHistogram } from './lean-histogram.ts';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const VALUES = [0.0005, 0.001, 0.002, 0.05, 0.05, 0.5, 3, 0];

/** The samples sorted by their printed form, so label order does not matter. */
const sorted = (text: string) =>
  parseSamples(text)
    .map((sample) =>
      JSON.stringify([sample.name, Object.entries(sample.labels).sort(), sample.value]),
    )
    .sort();

describe('LeanHistogram', () => {
  it("serves exactly the samples prom-client's Histogram serves for the same observations", async () => {
    const theirs = new Registry();
    const reference = new Histogram({
      name: 'example_seconds',
      help: 'An example.',
      labelNames: ['route'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const lean = new LeanHistogram({
      name: 'example_seconds',
      help: 'An example.',
      buckets: BUCKETS,
      registers: [ours],
    });
    const a = lean.series({ route: '/a' });
    const b = lean.series({ route: '/b/:id' });
    VALUES.forEach((value, index) => {
      const route = index % 3 === 0 ? '/b/:id' : '/a';
      reference.observe({ route }, value);
      (route === '/a' ? a : b).observe(value);
    });

    const expected = await theirs.metrics();
    const served = await ours.metrics();
    expect(sorted(served)).toEqual(sorted(expected));
    expect(served).toContain('# TYPE example_seconds histogram');
    expect(served).toContain('example_seconds_bucket{route="/a",le="+Inf"} 5');

    lean.reset();
    expect(parseSamples(await ours.metrics()).every((sample) => sample.value === 0)).toBe(true);
  });
});
