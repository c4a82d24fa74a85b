/** The outline of an H3 cell, as GeoJSON and the explorer's map draw it. */
import { cellToBoundary } from 'h3-js';
import { unwrapRing, type LngLat } from '@netpulse/shared';

/**
 * A cell's hexagon (or pentagon) as a GeoJSON ring: [longitude, latitude], closed, its
 * exterior counter-clockwise (RFC 7946 section 3.1.6).
 */
export function ringOf(cell: string): number[][] {
  const ring = cellToBoundary(cell, true);
  const [first, last] = [ring[0]!, ring.at(-1)!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([...first]);
  // Measured unwrapped: across the antimeridian the plain corners turn the other way.
  return signedArea(unwrapRing(ring as LngLat[])) < 0 ? ring.reverse() : ring;
}

/** Twice the ring's signed area (shoelace): positive when counter-clockwise. */
function signedArea(ring: readonly LngLat[]): number {
  let area = 0;
  for (let at = 0; at < ring.length - 1; at++) {
    const [x1, y1] = ring[at]!;
    const [x2, y2] = ring[at + 1]!;
    area += x1! * y2! - x2! * y1!;
  }
  return area;
}

/** Degrees to five decimals (about a metre): the map needs no finer, and the answer stays small. */
const toMetre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** A cell's ring for the explorer's answers: as `ringOf`, rounded to about a metre. */
export const outlineOf = (cell: string): [number, number][] =>
  ringOf(cell).map(([longitude, latitude]) => [toMetre(longitude!), toMetre(latitude!)]);
