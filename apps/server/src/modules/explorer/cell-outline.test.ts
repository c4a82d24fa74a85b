import { cellToBoundary, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { unwrapRing, type LngLat } from '@netpulse/shared';
import { ringOf } from './cell-outline.ts';

/** Twice the area the ring encloses, positive when it turns counter-clockwise. */
const turn = (ring: readonly LngLat[]) =>
  unwrapRing(ring).reduce((area, [x1, y1], at, all) => {
    const [x2, y2] = all[(at + 1) % all.length]!;
    return area + x1 * y2 - x2 * y1;
  }, 0);

describe('a cell’s ring', () => {
  const places = {
    Paris: [48.8566, 2.3522],
    Fiji: [-17.8, 179.99],
    Chukotka: [66, -179.99],
  } as const;

  for (const [name, [latitude, longitude]] of Object.entries(places)) {
    it(`near ${name} is closed and turns counter-clockwise, as GeoJSON wants`, () => {
      const cell = latLngToCell(latitude, longitude, 3);
      const ring = ringOf(cell) as [number, number][];
      expect(ring.at(-1)).toEqual(ring[0]);
      expect(ring).toHaveLength(cellToBoundary(cell).length + 1);
      expect(turn(ring)).toBeGreaterThan(0);
    });
  }

  it('near the antimeridian has corners on both sides of it (the case the unwrapping is for)', () => {
    const longitudes = ringOf(latLngToCell(-17.8, 179.99, 3)).map(([longitude]) => longitude!);
    expect(Math.max(...longitudes) - Math.min(...longitudes)).toBeGreaterThan(180);
  });
});
