/**
 * Where a speed test ran, as coarse as the product needs (issue 31, docs/decisions/041): the
 * H3 cell at resolution 8 (about 0.7 km²) that holds its coordinates and the country
 * (ISO 3166-1 alpha-2) whose Natural Earth boundary holds them. The coordinates themselves are
 * never stored. Everything is local: the boundaries ship in the package `world-atlas`, read
 * once (country-index.ts), as the server starts or the first time a place is asked for.
 */
import { latLngToCell } from 'h3-js';
import {
  BOUNDARIES_FILE,
  buildCountryIndex,
  countryAt,
  countryIndexInWorker,
  type CountryIndex,
} from './country-index.ts';

export interface CoarseLocation {
  /** The H3 cell (resolution 8) holding the point; null for coordinates that are no point. */
  locationCell: string | null;
  /** The country holding the point, or the nearest within NEAREST_COUNTRY_KM; null at sea. */
  country: string | null;
}

/** H3's resolution 8: hexagons of about 0.74 km², a neighbourhood, never a house. */
export const LOCATION_CELL_RESOLUTION = 8;

let index: CountryIndex | undefined;

/**
 * The coarse place of a point. Never throws: coordinates out of range or not finite (refused
 * upstream, but a caller may slip) give no place at all.
 */
export function coarseLocation(latitude: number, longitude: number): CoarseLocation {
  if (!isPoint(latitude, longitude)) return { locationCell: null, country: null };
  return {
    locationCell: latLngToCell(latitude, longitude, LOCATION_CELL_RESOLUTION),
    country: countryAt(countryIndex(), latitude, longitude),
  };
}

function isPoint(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** The index, built here on the first lookup when no worker has handed it over yet. */
function countryIndex(): CountryIndex {
  index ??= buildCountryIndex(BOUNDARIES_FILE);
  return index;
}

/**
 * Has the boundaries read now, in a worker thread (`workerUrl`), rather than at the first
 * completion, which would otherwise wait the second or so it takes. The server calls it once it
 * listens; tests, which start many apps and few completions, leave it to the first lookup. A
 * lookup before the worker answers builds the index itself; a worker that fails rejects, and
 * the first lookup reads the boundaries as then.
 */
export async function loadCountryBoundaries(workerUrl: URL): Promise<void> {
  const built = await countryIndexInWorker(workerUrl);
  index ??= built;
}
