import { cellToLatLng, getResolution, greatCircleDistance, isValidCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { builtEntry } from '../../test/helpers/built-server.ts';
import { coarseLocation, LOCATION_CELL_RESOLUTION } from './coarse-location.ts';
import { buildCountryIndex, countryAt, countryIndexInWorker } from './country-index.ts';

/** Known places, their coordinates and the country a person there would name. */
const PLACES: [name: string, latitude: number, longitude: number, country: string][] = [
  ['Berlin', 52.52, 13.405, 'DE'],
  ['Lagos', 6.5244, 3.3792, 'NG'],
  ['Nairobi', -1.2921, 36.8219, 'KE'],
  ['Mumbai', 19.076, 72.8777, 'IN'],
  ['Tokyo', 35.6762, 139.6503, 'JP'],
  ['Sydney', -33.8688, 151.2093, 'AU'],
  ['New York', 40.7128, -74.006, 'US'],
  ['São Paulo', -23.5505, -46.6333, 'BR'],
  // Coastal centres the 1:50m boundaries put in the sea.
  ['Rio de Janeiro', -22.9068, -43.1729, 'BR'],
  ['Lisbon', 38.7223, -9.1393, 'PT'],
  ['Singapore', 1.2834, 103.8607, 'SG'],
  ['Hong Kong', 22.3193, 114.1694, 'HK'],
  // Border cities, a few kilometres from the other side.
  ['El Paso', 31.7619, -106.485, 'US'],
  ['Ciudad Juárez', 31.6904, -106.4245, 'MX'],
  ['Strasbourg', 48.5734, 7.7521, 'FR'],
  ['Kehl', 48.5728, 7.8156, 'DE'],
  ['Basel', 47.5596, 7.5886, 'CH'],
  // A country inside another: a hole in South Africa's polygon.
  ['Maseru', -29.31, 27.48, 'LS'],
  // Either side of the antimeridian: Fiji's Taveuni and Suva, Russia's Chukotka.
  ['Taveuni, east of 180°', -16.85, -179.97, 'FJ'],
  ['Suva', -18.1248, 178.4501, 'FJ'],
  ['Uelen', 66.1597, -169.8097, 'RU'],
  ['Anadyr', 64.7337, 177.4968, 'RU'],
  // Round the South Pole.
  ['McMurdo Station', -77.8419, 166.6863, 'AQ'],
];

describe('coarseLocation', () => {
  it.each(PLACES)('places %s in its country', (_name, latitude, longitude, country) => {
    expect(coarseLocation(latitude, longitude).country).toBe(country);
  });

  it('keeps the resolution 8 cell that holds the point, not the point', () => {
    const { locationCell } = coarseLocation(52.52, 13.405);
    expect(locationCell).not.toBeNull();
    expect(isValidCell(locationCell!)).toBe(true);
    expect(getResolution(locationCell!)).toBe(LOCATION_CELL_RESOLUTION);
    // A resolution 8 cell is about 1 km across: its centre is near the point, but not it.
    const [cellLat, cellLng] = cellToLatLng(locationCell!);
    expect(greatCircleDistance([cellLat, cellLng], [52.52, 13.405], 'km')).toBeLessThan(0.6);
    // Two tests 50 m apart share a cell; two 3 km apart do not.
    expect(coarseLocation(52.5204, 13.405).locationCell).toBe(locationCell);
    expect(coarseLocation(52.547, 13.405).locationCell).not.toBe(locationCell);
  });

  it('gives a point at sea its cell and no country', () => {
    expect(coarseLocation(0, -30)).toEqual({ locationCell: expect.any(String), country: null });
    expect(coarseLocation(10, -140).country).toBeNull();
  });

  it('takes a point just off the coast to be in the nearest country, one farther out at sea', () => {
    // About 1.7 km and 8.6 km west of Cabo da Roca, Portugal's westernmost point.
    expect(coarseLocation(38.7804, -9.52).country).toBe('PT');
    expect(coarseLocation(38.7804, -9.6).country).toBeNull();
  });

  it('answers no place, never throwing, for coordinates that are no point', () => {
    const nowhere = { locationCell: null, country: null };
    expect(coarseLocation(Number.NaN, 10)).toEqual(nowhere);
    expect(coarseLocation(10, Number.POSITIVE_INFINITY)).toEqual(nowhere);
    expect(coarseLocation(91, 0)).toEqual(nowhere);
    expect(coarseLocation(0, -180.5)).toEqual(nowhere);
    expect(coarseLocation(-90, 180).locationCell).toEqual(expect.any(String));
  });

  it('gets the same answers from the index a worker thread builds, as the server has it built', async () => {
    const built = await countryIndexInWorker(pathToFileURL(builtEntry('country-index-worker')));
    for (const [name, latitude, longitude, country] of PLACES) {
      expect(countryAt(built, latitude, longitude), name).toBe(country);
    }
    expect(countryAt(built, 38.7804, -9.6)).toBeNull();
  });

  it('rejects, rather than waiting for ever, when the worker cannot run', async () => {
    const missing = pathToFileURL(builtEntry('country-index-worker').replace(/\.js$/, '-gone.js'));
    await expect(countryIndexInWorker(missing)).rejects.toThrow();
  });

  it('uses the 1:10m boundaries because the 1:50m ones put El Paso in Mexico', () => {
    // Why the server keeps four times the points (docs/decisions/041).
    const coarser = buildCountryIndex('world-atlas/countries-50m.json');
    expect(countryAt(coarser, 31.7619, -106.485)).toBe('MX');
    expect(coarseLocation(31.7619, -106.485).country).toBe('US');
  });
});
