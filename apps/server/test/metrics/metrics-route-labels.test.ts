/**
 * GET /metrics' `route` label stays as few values as the API has routes: the web
 * build's files (a route each, renamed by every build) count under `static`, the
 * web app's pages under `spa`, so a deploy or a crawler adds no series.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scrape, valueOf, type Sample } from '../helpers/prometheus.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HTTP = 'netpulse_http_request_duration_seconds';
const ASSETS = 100;

/** A web build with `ASSETS` hashed files, as Vite names them. */
function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'netpulse-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>App</title><!--app-config--></head><body></body></html>',
  );
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (let file = 0; file < ASSETS; file++) {
    writeFileSync(join(dist, 'assets', `chunk${file}-${file.toString(36)}Xw9f2s.js`), '0');
  }
  return dist;
}

const webDistDir = builtWebApp();
afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));

const asset = (file: number) => `/assets/chunk${file}-${file.toString(36)}Xw9f2s.js`;

/** Asks for `count` different files and `count` different pages; each answer checked. */
async function browse(t: TestApp, count: number) {
  for (let index = 0; index < count; index++) {
    const file = await t.app.inject({ method: 'GET', url: asset(index) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/javascript/);
    const page = await t.app.inject({ method: 'GET', url: `/nodes/${index}?tab=${index}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  }
  expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
}

const httpSeries = (samples: Sample[]) =>
  samples.filter((sample) => sample.name === `${HTTP}_count`);
const routeLabels = (samples: Sample[]) =>
  new Set(httpSeries(samples).map((sample) => sample.labels.route));

async function seriesAfter(count: number) {
  const t = await createTestApp({ webDistDir });
  try {
    await browse(t, count);
    return await scrape(t);
  } finally {
    await t.close();
  }
}

describe('GET /metrics route labels', () => {
  it('keeps as many series after a hundred files and a hundred pages as after one of each', async () => {
    const once = await seriesAfter(1);
    const hundred = await seriesAfter(ASSETS);

    expect(routeLabels(hundred)).toEqual(routeLabels(once));
    expect(httpSeries(hundred).length).toBe(httpSeries(once).length);
    for (const route of routeLabels(hundred)) expect(route).not.toMatch(/assets|nodes|favicon/);

    // Every request counted, under one label each.
    const count = (samples: Sample[], route: string) =>
      valueOf(samples, `${HTTP}_count`, { route, method: 'GET', status_code: '200' });
    expect(count(hundred, 'static')).toBe(ASSETS + 1);
    expect(count(hundred, 'spa')).toBe(ASSETS);
    expect(count(once, 'static')).toBe(2);
    expect(count(once, 'spa')).toBe(1);
    // Two apps and four hundred requests, on a busy machine.
  }, 120_000);

  it('still labels API routes by pattern and an unknown API path as unmatched', async () => {
    const t = await createTestApp({ webDistDir });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/api/nope' })).statusCode).toBe(404);
      const samples = await scrape(t);
      const count = (route: string, status: string) =>
        valueOf(samples, `${HTTP}_count`, { route, method: 'GET', status_code: status });
      expect(count('/v1/health', '200')).toBe(1);
      expect(count('unmatched', '404')).toBe(1);
    } finally {
      await t.close();
    }
  });
});
