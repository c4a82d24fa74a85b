/**
 * The countries' boundaries as an index a point is looked up in (issue 31, docs/decisions/041):
 * Natural Earth's polygons from the package `world-atlas`, as flat typed arrays with their boxes
 * and bands of latitude, listed in a grid of the globe. Built in a worker thread by the server
 * (country-index-worker.ts), so that the 80 MB read on the way never enters the server's heap.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { alpha2OfNumeric } from './iso-country-codes.ts';

/**
 * The 1:10m boundaries: the 1:50m ones cost a quarter of the memory and build time but put El
 * Paso in Mexico, which no fallback mends (measured in docs/decisions/041). Built in about a
 * second, then some 10 MB of typed arrays; the JSON and GeoJSON read on the way are 80 MB.
 */
export const BOUNDARIES_FILE = 'world-atlas/countries-10m.json';

/**
 * A point in no country but this close to one (a pier, a beach, a boundary's simplification)
 * is taken to be in the nearest; farther out it is at sea.
 */
export const NEAREST_COUNTRY_KM = 3;

/**
 * The features Natural Earth gives no ISO number, by name: the places people live in whose
 * country a reader would expect. The rest (bases, reefs, glaciers) fall to the nearest country.
 */
const UNNUMBERED_COUNTRIES: Readonly<Record<string, string>> = {
  Somaliland: 'SO',
  'N. Cyprus': 'CY',
  // Not in ISO 3166-1; XK is the code the EU and most software give Kosovo.
  Kosovo: 'XK',
};

/**
 * One polygon of a country: its box, its rings' points (outer ring, then holes, flat lon,lat
 * pairs), and its edges by band of latitude, so a point meets only the edges of its band.
 */
interface CountryPolygon {
  country: string;
  west: number;
  south: number;
  east: number;
  north: number;
  /** Crosses the antimeridian (Fiji, Chukotka): its longitudes run on to 360 (-179 is 181). */
  wraps: boolean;
  points: Float64Array;
  /** Band b's edges are edges[bandStarts[b]] to edges[bandStarts[b + 1] - 1]; edge k joins point k to k + 1. */
  bandStarts: Int32Array;
  edges: Int32Array;
}

/** The polygons, and for each GRID_DEGREES square of the globe the polygons whose box meets it, smallest first. */
export interface CountryIndex {
  polygons: CountryPolygon[];
  grid: number[][];
}

const GRID_DEGREES = 5;
const GRID_COLUMNS = 360 / GRID_DEGREES;
const GRID_ROWS = 180 / GRID_DEGREES;
const BAND_DEGREES = 0.25;
const KM_PER_DEGREE = 111.32;

/**
 * The country whose polygon holds the point (the smallest, should two: an enclave drawn without
 * its hole), else the nearest within NEAREST_COUNTRY_KM.
 */
export function countryAt(
  { polygons, grid }: CountryIndex,
  latitude: number,
  longitude: number,
): string | null {
  for (const at of grid[gridSquare(latitude, longitude)] ?? []) {
    const polygon = polygons[at]!;
    const x = longitudeIn(polygon, longitude);
    if (inBox(polygon, x, latitude, 0, 0) && holds(polygon, x, latitude)) return polygon.country;
  }
  return nearestCountry(polygons, grid, latitude, longitude);
}

/**
 * The country whose boundary passes within NEAREST_COUNTRY_KM of the point, the nearest of
 * them; distances on the plane tangent at the point, exact enough at a few kilometres.
 */
function nearestCountry(
  polygons: CountryPolygon[],
  grid: number[][],
  latitude: number,
  longitude: number,
): string | null {
  const kmPerLongitude = KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const marginLat = NEAREST_COUNTRY_KM / KM_PER_DEGREE;
  const marginLon = NEAREST_COUNTRY_KM / kmPerLongitude;
  const seen = new Set<number>();
  let nearest: string | null = null;
  let nearestKm = NEAREST_COUNTRY_KM;
  for (const lat of [latitude - marginLat, latitude + marginLat]) {
    for (const lon of [longitude - marginLon, longitude + marginLon]) {
      for (const at of grid[gridSquare(lat, wrapLongitude(lon))] ?? []) {
        if (seen.has(at)) continue;
        seen.add(at);
        const polygon = polygons[at]!;
        const x = longitudeIn(polygon, longitude);
        if (!inBox(polygon, x, latitude, marginLat, marginLon)) continue;
        const km = distanceKm(polygon, x, latitude, marginLat, kmPerLongitude);
        if (km <= nearestKm) {
          nearestKm = km;
          nearest = polygon.country;
        }
      }
    }
  }
  return nearest;
}

/** The point's longitude on the polygon's scale: past 180 for a polygon that wraps. */
const longitudeIn = (polygon: CountryPolygon, longitude: number) =>
  polygon.wraps && longitude < 0 ? longitude + 360 : longitude;

const wrapLongitude = (longitude: number) =>
  longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude;

function inBox(polygon: CountryPolygon, x: number, y: number, marginY: number, marginX: number) {
  return (
    y >= polygon.south - marginY &&
    y <= polygon.north + marginY &&
    x >= polygon.west - marginX &&
    x <= polygon.east + marginX
  );
}

const bandOf = (polygon: CountryPolygon, y: number) =>
  clamp(Math.floor((y - polygon.south) / BAND_DEGREES), 0, polygon.bandStarts.length - 2);

/** Even-odd over the band's edges of every ring, so a hole (Lesotho in South Africa) is outside. */
function holds(polygon: CountryPolygon, x: number, y: number): boolean {
  const { points, edges, bandStarts } = polygon;
  const band = bandOf(polygon, y);
  let inside = false;
  for (let e = bandStarts[band]!; e < bandStarts[band + 1]!; e++) {
    const i = edges[e]! * 2;
    const xi = points[i]!;
    const yi = points[i + 1]!;
    const xj = points[i + 2]!;
    const yj = points[i + 3]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The distance from the point to the polygon's nearest edge among the bands within marginY. */
function distanceKm(
  polygon: CountryPolygon,
  x: number,
  y: number,
  marginY: number,
  kmPerLongitude: number,
): number {
  const { points, edges, bandStarts } = polygon;
  let least = Infinity;
  const last = bandOf(polygon, y + marginY);
  for (let e = bandStarts[bandOf(polygon, y - marginY)]!; e < bandStarts[last + 1]!; e++) {
    const i = edges[e]! * 2;
    // On the plane tangent at the point, which is the origin: its distance to the edge a-b.
    const ax = (points[i]! - x) * kmPerLongitude;
    const ay = (points[i + 1]! - y) * KM_PER_DEGREE;
    const dx = (points[i + 2]! - x) * kmPerLongitude - ax;
    const dy = (points[i + 3]! - y) * KM_PER_DEGREE - ay;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : clamp(-(ax * dx + ay * dy) / length2, 0, 1);
    least = Math.min(least, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return least;
}

function gridSquare(latitude: number, longitude: number): number {
  const column = clamp(Math.floor((longitude + 180) / GRID_DEGREES), 0, GRID_COLUMNS - 1);
  const row = clamp(Math.floor((latitude + 90) / GRID_DEGREES), 0, GRID_ROWS - 1);
  return row * GRID_COLUMNS + column;
}

const clamp = (value: number, least: number, most: number) =>
  Math.min(most, Math.max(least, value));

/**
 * Reads a world-atlas file into flat rings with their boxes and bands, listed in the grid's
 * squares. The GeoJSON that topojson-client makes on the way is dropped: the index keeps only
 * typed arrays. Exported, with countryAt, for the test that keeps the choice of file checked.
 */
export function buildCountryIndex(file: string): CountryIndex {
  const path = createRequire(import.meta.url).resolve(file);
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(topology, topology.objects.countries);
  const polygons: CountryPolygon[] = [];
  for (const { id, properties, geometry } of countries.features) {
    const country =
      (id === undefined ? null : alpha2OfNumeric(String(id))) ??
      UNNUMBERED_COUNTRIES[properties.name];
    if (!country || !geometry) continue;
    if (geometry.type === 'Polygon') polygons.push(countryPolygon(country, geometry.coordinates));
    if (geometry.type !== 'MultiPolygon') continue;
    for (const rings of geometry.coordinates) polygons.push(countryPolygon(country, rings));
  }
  const area = (p: CountryPolygon) => (p.east - p.west) * (p.north - p.south);
  const grid: number[][] = Array.from({ length: GRID_COLUMNS * GRID_ROWS }, () => []);
  polygons.forEach((polygon, at) => {
    for (let lat = polygon.south; lat < polygon.north + GRID_DEGREES; lat += GRID_DEGREES) {
      for (let lon = polygon.west; lon < polygon.east + GRID_DEGREES; lon += GRID_DEGREES) {
        const square = gridSquare(
          Math.min(lat, polygon.north),
          wrapLongitude(Math.min(lon, polygon.east)),
        );
        if (grid[square]!.at(-1) !== at) grid[square]!.push(at);
      }
    }
  });
  for (const square of grid) square.sort((a, b) => area(polygons[a]!) - area(polygons[b]!));
  return { polygons, grid };
}

type Position = number[];

/** A longitude step this long is the ring crossing the antimeridian, not going round the world. */
const crossesAntimeridian = (from: Position, to: Position) => Math.abs(to[0]! - from[0]!) > 180;

function countryPolygon(country: string, geoRings: Position[][]): CountryPolygon {
  const crossings = geoRings.map((ring) =>
    ring.reduce(
      (n, point, at) => n + (at > 0 && crossesAntimeridian(ring[at - 1]!, point) ? 1 : 0),
      0,
    ),
  );
  // A ring crossing the antimeridian an even number of times goes there and back (Fiji): its
  // polygon is drawn on 0..360. One crossing it once goes round a pole (Antarctica): it is
  // closed along the pole, so the plane's even-odd test holds there too.
  const wraps = crossings.some((n) => n > 0 && n % 2 === 0);
  const rings = geoRings.map((ring, at) =>
    crossings[at]! % 2 === 1
      ? closedAlongPole(ring)
      : wraps
        ? ring.map(([lon, lat]) => [lon! < 0 ? lon! + 360 : lon!, lat!])
        : ring,
  );
  const pointCount = rings.reduce((n, ring) => n + ring.length, 0);
  const points = new Float64Array(pointCount * 2);
  const edgeStarts: number[] = [];
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  let at = 0;
  for (const ring of rings) {
    ring.forEach(([lon, lat], k) => {
      points[(at + k) * 2] = lon!;
      points[(at + k) * 2 + 1] = lat!;
      west = Math.min(west, lon!);
      east = Math.max(east, lon!);
      south = Math.min(south, lat!);
      north = Math.max(north, lat!);
      if (k + 1 < ring.length) edgeStarts.push(at + k);
    });
    at += ring.length;
  }
  const bands = Math.floor((north - south) / BAND_DEGREES) + 1;
  const inBand: number[][] = Array.from({ length: bands }, () => []);
  for (const k of edgeStarts) {
    const [y1, y2] = [points[k * 2 + 1]!, points[k * 2 + 3]!];
    const first = Math.floor((Math.min(y1, y2) - south) / BAND_DEGREES);
    const last = Math.floor((Math.max(y1, y2) - south) / BAND_DEGREES);
    for (let band = first; band <= last; band++) inBand[band]!.push(k);
  }
  const bandStarts = new Int32Array(bands + 1);
  inBand.forEach((edges, band) => (bandStarts[band + 1] = bandStarts[band]! + edges.length));
  return {
    country,
    west,
    south,
    east,
    north,
    wraps,
    points,
    bandStarts,
    edges: Int32Array.from(inBand.flat()),
  };
}

/** A ring round a pole, cut where it crosses the antimeridian and closed along the pole. */
function closedAlongPole(ring: Position[]): Position[] {
  const closed: Position[] = [];
  ring.forEach((point, at) => {
    const previous = ring[at - 1];
    if (previous && crossesAntimeridian(previous, point)) {
      const pole = point[1]! < 0 ? -90 : 90;
      const side = Math.sign(previous[0]!) * 180;
      closed.push([side, previous[1]!], [side, pole], [-side, pole], [-side, point[1]!]);
    }
    closed.push(point);
  });
  return closed;
}

/** The memory an index's typed arrays hold: a worker hands it over rather than copying it. */
export function transferablesOf(index: CountryIndex): ArrayBuffer[] {
  return index.polygons.flatMap(({ points, bandStarts, edges }) =>
    [points, bandStarts, edges].map((array) => array.buffer as ArrayBuffer),
  );
}

/**
 * Builds the index in a worker thread (`workerUrl`: country-index-worker's built file) and takes
 * it over. The parsed boundaries and the GeoJSON made from them are some 80 MB that die with
 * the worker: built on the server's own thread they were promoted to its old generation and
 * kept there until a full collection, which raised its peak memory under load from about 270
 * to 450 MB (bench/RESULTS.md); the event loop also stays free meanwhile.
 */
export function countryIndexInWorker(workerUrl: URL): Promise<CountryIndex> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl);
    // Waiting for the index must never keep a stopping server alive.
    worker.unref();
    worker.once('message', (index: CountryIndex) => {
      resolve(index);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the country index worker exited with ${code} before answering`)),
    );
  });
}
