import { describe, expect, it } from 'vitest';
import { formatPoints, formatSpeedLine } from './format-number';

describe('formatPoints', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(12345)).toBe('12,345');
    expect(formatPoints(4520.5)).toBe('4,520.5');
    expect(formatPoints(1.239)).toBe('1.24');
  });
});

describe('formatSpeedLine', () => {
  it("reads a test's speeds on one line, and says when no round trip was seen", () => {
    expect(formatSpeedLine({ download_mbps: 93.44, upload_mbps: 41.2, latency_ms: 12.4 })).toBe(
      '93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms',
    );
    expect(formatSpeedLine({ download_mbps: 5, upload_mbps: 1, latency_ms: null })).toBe(
      '5 Mbit/s down · 1 Mbit/s up · latency -',
    );
  });

  it('is null for a test whose speeds were never measured', () => {
    expect(
      formatSpeedLine({ download_mbps: null, upload_mbps: null, latency_ms: null }),
    ).toBeNull();
  });
});
