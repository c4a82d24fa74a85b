/**
 * The explorer's open data (issue 31, docs/decisions/042), on PGlite and on PostgreSQL: the
 * index lists each built period's files with sizes and SHA-256 that match what is served, the
 * CSV files hold the published rows, the GeoJSON is a valid FeatureCollection of closed,
 * counter-clockwise hexagons in [longitude, latitude], and the licence and citation are told.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cellToLatLng, cellToParent } from 'h3-js';
import { describe, expect, it } from 'vitest';
import type { OpenDataIndex } from '@netpulse/shared';
import { rebuildPeriod } from '../../src/modules/explorer/index.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import { BERLIN, cellOf, oneTestEach, plantAccounts, plantTests } from './plant.ts';

const NOW = '2026-03-20T12:00:00.000Z';

async function builtMarch(t: TestApp) {
  const accounts = await plantAccounts(t.app.db, 5);
  await plantTests(t.app.db, oneTestEach(accounts, BERLIN, '2026-03-05T10:00:00Z'));
  await rebuildPeriod(t.app.db, '2026-03', {
    now: t.clock.now(),
    minAccounts: t.config.EXPLORER_MIN_ACCOUNTS,
  });
  return accounts;
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Twice the ring's signed area: positive when counter-clockwise. */
function signedArea(ring: number[][]): number {
  let area = 0;
  for (let at = 0; at < ring.length - 1; at++) {
    area += ring[at]![0]! * ring[at + 1]![1]! - ring[at + 1]![0]! * ring[at]![1]!;
  }
  return area;
}

describe('the open data', () => {
  const t = useTestApp({ now: NOW, env: { PRODUCT_NAME: 'Pulsemap' } });

  it('lists each built period with its files, whose sizes and SHA-256 match what is served', async () => {
    await builtMarch(t);
    const response = await get(t, '/v1/open-data');
    expect(response.statusCode, response.body).toBe(200);
    const index: OpenDataIndex = response.json().data;
    expect(index.license).toBe('CC BY 4.0');
    expect(index.citation).toContain('Pulsemap');
    // The daily job may have built the last 30 days too, as the app started.
    const march = index.periods.find((period) => period.period === '2026-03');
    const files = march!.files;
    expect(files.map((file) => file.name)).toEqual(['cells.csv', 'cells.geojson', 'countries.csv']);
    for (const file of files) {
      const served = await get(t, new URL(file.url).pathname);
      expect(served.statusCode, served.body).toBe(200);
      expect(served.rawPayload.length).toBe(file.bytes);
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(file.sha256);
      expect(served.headers.etag).toBe(`"${file.sha256}"`);
      const again = await get(t, new URL(file.url).pathname, {
        'if-none-match': `"${file.sha256}"`,
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('sends a file compressed to a client that takes it, decoding to the bytes the index lists', async () => {
    await builtMarch(t);
    const index: OpenDataIndex = (await get(t, '/v1/open-data')).json().data;
    const listed = index.periods
      .find((period) => period.period === '2026-03')!
      .files.find((file) => file.name === 'cells.geojson')!;
    const url = new URL(listed.url).pathname;
    const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    const browser = await get(t, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('Accept-Encoding');
    expect(browser.rawPayload.length).toBeLessThan(listed.bytes);
    expect(digestOf(brotliDecompressSync(browser.rawPayload))).toBe(listed.sha256);

    const gzipOnly = await get(t, url, { 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(digestOf(gunzipSync(gzipOnly.rawPayload))).toBe(listed.sha256);

    const plain = await get(t, url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(digestOf(plain.rawPayload)).toBe(listed.sha256);

    // A cache that kept the compressed copy may ask with its tag marked weak.
    const again = await get(t, url, {
      'accept-encoding': 'br',
      'if-none-match': `W/"${listed.sha256}"`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('writes the published cells and countries as CSV, never a resolution-8 cell or a node', async () => {
    const accounts = await builtMarch(t);
    const cells = await get(t, '/v1/open-data/2026-03/cells.csv');
    expect(cells.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = cells.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"period","resolution","cell","tests","nodes","download_mbps_p25","download_mbps_median",' +
        '"download_mbps_p75","upload_mbps_p25","upload_mbps_median","upload_mbps_p75",' +
        '"latency_ms_p25","latency_ms_median","latency_ms_p75"',
    );
    expect(lines.slice(1)).toHaveLength(5);
    expect(lines[1]).toBe(
      `"2026-03",3,"${cellToParent(cellOf(BERLIN), 3)}",5,5,100,100,100,20,20,20,15,15,15`,
    );
    const countries = await get(t, '/v1/open-data/2026-03/countries.csv');
    expect(countries.body.split('\r\n')[1]).toBe(
      '"2026-03","DE",5,5,100,100,100,20,20,20,15,15,15',
    );
    for (const body of [cells.body, countries.body]) {
      expect(body).not.toContain(cellOf(BERLIN));
      for (const account of accounts) expect(body).not.toContain(account.nodeId);
    }
  });

  it('writes the cells as GeoJSON: closed counter-clockwise hexagons in [longitude, latitude]', async () => {
    await builtMarch(t);
    const response = await get(t, '/v1/open-data/2026-03/cells.geojson');
    expect(response.headers['content-type']).toBe('application/geo+json');
    const collection = JSON.parse(response.body);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.license).toBe('CC BY 4.0');
    expect(collection.citation).toContain('Pulsemap network explorer, 2026-03');
    expect(collection.features).toHaveLength(5);
    for (const feature of collection.features) {
      expect(feature.type).toBe('Feature');
      expect(feature.geometry.type).toBe('Polygon');
      const [ring] = feature.geometry.coordinates as number[][][];
      expect(ring!.length).toBeGreaterThanOrEqual(7);
      expect(ring!.at(-1)).toEqual(ring![0]);
      expect(signedArea(ring!)).toBeGreaterThan(0);
      // Berlin is at longitude 13, latitude 52: longitude first.
      const [lat, lng] = cellToLatLng(feature.properties.cell);
      expect(Math.abs(ring![0]![0]! - lng)).toBeLessThan(2);
      expect(Math.abs(ring![0]![1]! - lat)).toBeLessThan(2);
      expect(feature.properties).toMatchObject({ period: '2026-03', tests: 5, nodes: 5 });
    }
  });

  it('answers 404 for a period never built and 400 for a malformed one or an unknown file', async () => {
    expect((await get(t, '/v1/open-data/2025-01/cells.csv')).statusCode).toBe(404);
    expect((await get(t, '/v1/open-data/2025-1/cells.csv')).statusCode).toBe(400);
    expect((await get(t, '/v1/open-data/2025-01/users.csv')).statusCode).toBe(400);
    const index: OpenDataIndex = (await get(t, '/v1/open-data')).json().data;
    expect(index.periods.map((period) => period.period)).not.toContain('2025-01');
  });
});
