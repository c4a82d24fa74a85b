import { TRANSACTION_TYPES } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { nodeDash, SERIES_COLORS, seriesColor } from './chart-palette';
import { tickLimitForWidth } from './chart-theme';

describe('the chart palette', () => {
  it('gives every series its own colour: no two series share one', () => {
    const colours = Object.values(SERIES_COLORS).map((colour) => colour.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('has a colour for every transaction type, so Bytes by type read alike everywhere', () => {
    for (const type of TRANSACTION_TYPES) expect(seriesColor(type)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('names download, upload and latency', () => {
    expect(seriesColor('download')).not.toBe(seriesColor('upload'));
    expect(seriesColor('latency')).toBeDefined();
  });

  it('tells the first nodes apart by their line pattern', () => {
    const patterns = [0, 1, 2, 3, 4].map((index) => JSON.stringify(nodeDash(index)));
    expect(new Set(patterns).size).toBe(5);
  });
});

describe('tickLimitForWidth', () => {
  it('fits fewer labels on a phone than on a desktop, never more than asked', () => {
    expect(tickLimitForWidth(300, 96, 7)).toBe(2);
    expect(tickLimitForWidth(700, 96, 7)).toBe(6);
    expect(tickLimitForWidth(1400, 96, 7)).toBe(7);
  });

  it('keeps the labels it allows from touching', () => {
    for (const width of [240, 330, 512, 640, 800]) {
      const ticks = tickLimitForWidth(width, 96, 12);
      expect(ticks * 96 + (ticks - 1) * 16).toBeLessThanOrEqual(Math.max(width, 2 * 96 + 16));
    }
  });
});
