import { describe, expect, it } from 'vitest';
import { unwrapRing } from './unwrap-ring.ts';

describe('unwrapRing', () => {
  it('keeps a hexagon across the antimeridian on one side of it', () => {
    const ring = unwrapRing([
      [179.5, -17],
      [-179.6, -17.2],
      [-179.7, -17.8],
      [179.4, -17.9],
    ]);
    const longitudes = ring.map(([longitude]) => longitude);
    expect(Math.max(...longitudes) - Math.min(...longitudes)).toBeLessThan(2);
    expect(longitudes[1]).toBeCloseTo(180.4, 6);
  });

  it('leaves a ring away from the antimeridian as it is', () => {
    const ring: [number, number][] = [
      [10, 10],
      [11, 10],
      [11, 11],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});
