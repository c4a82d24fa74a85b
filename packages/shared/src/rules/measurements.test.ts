import { describe, expect, it } from 'vitest';
import { formatLatency, formatMbps, gaugeReading, gaugeScale, GAUGE_ARC } from './measurements.ts';

describe('formatLatency (the web app and the popup alike)', () => {
  it.each([
    [0, '< 1 ms'],
    [0.12, '< 1 ms'],
    [0.99, '< 1 ms'],
    [1, '1 ms'],
    [12.4, '12 ms'],
    [12.5, '13 ms'],
    [1234, '1,234 ms'],
  ])('%s ms reads %s', (ms, text) => {
    expect(formatLatency(ms)).toBe(text);
  });
});

describe('formatMbps', () => {
  it('reads a speed to at most one decimal in Mbit/s', () => {
    expect(formatMbps(93.44)).toBe('93.4 Mbit/s');
    expect(formatMbps(1234.5)).toBe('1,234.5 Mbit/s');
    expect(formatMbps(0)).toBe('0 Mbit/s');
  });
});

describe('the gauge', () => {
  it('grows its scale in steps', () => {
    expect(gaugeScale(0)).toBe(100);
    expect(gaugeScale(100)).toBe(100);
    expect(gaugeScale(100.1)).toBe(250);
    expect(gaugeScale(50_000)).toBe(10_000);
  });

  it('fills the arc in proportion to the scale, and no further', () => {
    expect(gaugeReading(50).filledLength).toBeCloseTo(GAUGE_ARC.length / 2);
    expect(gaugeReading(20_000).filledLength).toBe(GAUGE_ARC.length);
    expect(gaugeReading(93.46)).toMatchObject({ scale: 100, figure: '93.5', value: 93.5 });
  });
});
