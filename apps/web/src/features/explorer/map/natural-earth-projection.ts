/**
 * The Natural Earth projection (Tom Patterson's, in d3-geo's polynomial form): the world as
 * people expect it on one page, with less polar stretching than a plain latitude/longitude
 * grid and none of a tile server. It maps degrees to a plane where the world spans
 * `MAP_WIDTH` by `MAP_HEIGHT` units, y downwards as SVG draws.
 */
import type { LngLat } from '@netpulse/shared';

const RADIANS = Math.PI / 180;

/** The raw projection of (λ, φ) in radians, unscaled. */
function naturalEarthRaw(lambda: number, phi: number): [number, number] {
  const phi2 = phi * phi;
  const phi4 = phi2 * phi2;
  return [
    lambda *
      (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4))),
    phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4))),
  ];
}

const [EDGE_X] = naturalEarthRaw(Math.PI, 0);
const [, POLE_Y] = naturalEarthRaw(0, Math.PI / 2);

/** The plane's size: the world's width by its height, in the projection's own ratio. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = (MAP_WIDTH * POLE_Y) / EDGE_X;

const SCALE = MAP_WIDTH / (2 * EDGE_X);

/** Where a point falls on the plane: x from the left edge, y from the top. */
export function project([longitude, latitude]: LngLat): [number, number] {
  const [x, y] = naturalEarthRaw(longitude * RADIANS, latitude * RADIANS);
  return [MAP_WIDTH / 2 + x * SCALE, MAP_HEIGHT / 2 - y * SCALE];
}

/**
 * A ring of points as an SVG path's closed subpath, rounded to a tenth of a unit (a map
 * 1000 units wide needs no finer, and the path stays short).
 */
export function ringPath(ring: readonly LngLat[]): string {
  let path = '';
  for (const [index, point] of ring.entries()) {
    const [x, y] = project(point);
    path += `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return `${path}Z`;
}
