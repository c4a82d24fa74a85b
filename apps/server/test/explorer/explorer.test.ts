/**
 * The explorer's figures (issue 31, docs/decisions/042), on PGlite and on PostgreSQL: what a
 * rebuild publishes (cells of enough accounts, their roll-up into coarser cells, countries,
 * the whole network), what it counts (one test per node per day), what the public routes
 * answer and refuse, and that no answer carries an account, a node, an address or a test's
 * own cell.
 */
import { cellToParent, getResolution, isValidCell } from 'h3-js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExplorerCell, ExplorerCountry, ExplorerSummary } from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { explorerCells, explorerPeriods } from '../../src/db/tables/explorer-tables.ts';
import { COMPRESS_FROM_BYTES } from '../../src/lib/compressed-body.ts';
import { DAY_MS } from '../../src/modules/explorer/explorer-jobs.ts';
import { DAILY_REBUILD_KIND, rebuildPeriod } from '../../src/modules/explorer/index.ts';
import { runScheduledSlot } from '../helpers/jobs.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BERLIN,
  cellOf,
  LISBON,
  LUXEMBOURG,
  oneTestEach,
  plantAccounts,
  plantTests,
  NEAR_BERLIN,
} from './plant.ts';

const NOW = '2026-03-20T12:00:00.000Z';
const MARCH = '2026-03';

function rebuild(t: TestApp, period = MARCH) {
  return rebuildPeriod(t.app.db, period, {
    now: t.clock.now(),
    minAccounts: t.config.EXPLORER_MIN_ACCOUNTS,
  });
}

function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/v1/explorer${url}`, headers });
}

async function cells(t: TestApp, resolution: number, period = MARCH): Promise<ExplorerCell[]> {
  const response = await get(t, `/cells?period=${period}&resolution=${resolution}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.rows;
}

async function countries(t: TestApp, period = MARCH): Promise<ExplorerCountry[]> {
  const response = await get(t, `/countries?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.rows;
}

async function summary(t: TestApp, period = MARCH): Promise<ExplorerSummary> {
  const response = await get(t, `/summary?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('the explorer', () => {
  const t = useTestApp({ now: NOW });
  // Each app's own daily rebuild done before the test: run in the background, it could land
  // between a test's rebuild and its reads, and change the build (an ETag) or forget the kept
  // answers under a test of them.
  beforeEach(() => runScheduledSlot(t.app, DAILY_REBUILD_KIND, DAY_MS));

  it('publishes the places five accounts tested in, never those of four; the network counts every test', async () => {
    const berlin = await plantAccounts(t.app.db, 5);
    const luxembourg = await plantAccounts(t.app.db, 4);
    // One more elsewhere, so the network minus Berlin is 5 accounts, not a group of 4.
    const lisbon = await plantAccounts(t.app.db, 1);
    await plantTests(t.app.db, [
      ...oneTestEach(berlin, BERLIN, '2026-03-05T10:00:00Z'),
      ...oneTestEach(luxembourg, LUXEMBOURG, '2026-03-05T10:00:00Z'),
      ...oneTestEach(lisbon, LISBON, '2026-03-05T10:00:00Z'),
    ]);

    await rebuild(t);

    // Each cell comes with its outline, for a map without an H3 library: closed, 6 corners.
    const [finest] = await cells(t, 7);
    expect(finest!.boundary).toHaveLength(7);
    expect(finest!.boundary[0]).toEqual(finest!.boundary[6]);
    expect(cellToParent(cellOf(BERLIN), 7)).toBe(finest!.cell);

    for (const resolution of [3, 4, 5, 6, 7]) {
      expect(await cells(t, resolution)).toEqual([
        expect.objectContaining({
          cell: cellToParent(cellOf(BERLIN), resolution),
          tests: 5,
          nodes: 5,
        }),
      ]);
    }
    expect((await countries(t)).map((row) => [row.country, row.tests])).toEqual([['DE', 5]]);
    expect((await summary(t)).network).toMatchObject({ tests: 10, nodes: 10 });
  });

  it('rolls a small group up into the parent, and withholds the sibling whose difference would count it', async () => {
    const berlin = await plantAccounts(t.app.db, 5);
    const nearby = await plantAccounts(t.app.db, 4);
    await plantTests(t.app.db, [
      ...oneTestEach(berlin, BERLIN, '2026-03-05T10:00:00Z'),
      ...oneTestEach(nearby, NEAR_BERLIN, '2026-03-05T10:00:00Z'),
    ]);
    // The two places part at resolution 6 and share their cell at resolution 5.
    const [berlinCell, nearbyCell] = [cellOf(BERLIN), cellOf(NEAR_BERLIN)];
    expect(cellToParent(berlinCell, 6)).not.toBe(cellToParent(nearbyCell, 6));
    expect(cellToParent(berlinCell, 5)).toBe(cellToParent(nearbyCell, 5));

    await rebuild(t);

    for (const resolution of [3, 4, 5]) {
      expect(await cells(t, resolution)).toEqual([
        expect.objectContaining({ cell: cellToParent(berlinCell, resolution), tests: 9, nodes: 9 }),
      ]);
    }
    // Berlin's 5 accounts would be enough, but its parent minus Berlin would be the 4's tests.
    expect(await cells(t, 6)).toEqual([]);
    expect(await cells(t, 7)).toEqual([]);
    expect((await summary(t)).network).toMatchObject({ tests: 9, nodes: 9 });
  });

  it('counts one test per node per UTC day (the first), and per account and day without a node', async () => {
    const accounts = await plantAccounts(t.app.db, 5);
    const [busy, nodeless] = [accounts[0]!, accounts[1]!];
    const others = accounts.slice(2);
    const day = (hour: number, date = '2026-03-07') =>
      `${date}T${String(hour).padStart(2, '0')}:00:00Z`;
    await plantTests(t.app.db, [
      // Ten tests in one day, the first at 100 Mbit/s, then nine at 900: one counts, the first.
      { userId: busy.userId, nodeId: busy.nodeId, at: day(1), place: BERLIN, downloadMbps: 100 },
      ...Array.from({ length: 9 }, (_, n) => ({
        userId: busy.userId,
        nodeId: busy.nodeId,
        at: day(n + 2),
        place: BERLIN,
        downloadMbps: 900,
      })),
      // The same node the next UTC day: another counted test.
      { userId: busy.userId, nodeId: busy.nodeId, at: day(0, '2026-03-08'), place: BERLIN },
      // Three tests without a node by one account in one day: one counts.
      ...[3, 4, 5].map((hour) => ({
        userId: nodeless.userId,
        nodeId: null,
        at: day(hour),
        place: BERLIN,
      })),
      ...oneTestEach(others, BERLIN, day(6)),
    ]);

    await rebuild(t);

    const network = (await summary(t)).network!;
    expect(network.tests).toBe(2 + 1 + 3);
    expect(network.nodes).toBe(1 + 3);
    // Every counted test measured 100 Mbit/s down: none of the 900s was counted.
    expect(network.download_mbps).toEqual({ p25: 100, median: 100, p75: 100 });
    expect(network.upload_mbps.median).toBe(20);
    expect(network.latency_ms.median).toBe(15);
  });

  it('computes the quartiles of the counted tests', async () => {
    const accounts = await plantAccounts(t.app.db, 5);
    await plantTests(
      t.app.db,
      accounts.map((account, n) => ({
        userId: account.userId,
        nodeId: account.nodeId,
        at: '2026-03-09T09:00:00Z',
        place: BERLIN,
        downloadMbps: [10, 20, 30, 40, 50][n],
        latencyMs: [5, 10, 15, 20, 25][n],
      })),
    );

    await rebuild(t);

    const [country] = await countries(t);
    expect(country!.download_mbps).toEqual({ p25: 20, median: 30, p75: 40 });
    expect(country!.latency_ms).toEqual({ p25: 10, median: 15, p75: 20 });
  });

  it('never answers an account, a node, an address or a resolution-8 cell', async () => {
    const accounts = await plantAccounts(t.app.db, 6);
    await plantTests(
      t.app.db,
      accounts.map((account, n) => ({
        userId: account.userId,
        nodeId: account.nodeId,
        at: '2026-03-10T09:00:00Z',
        place: BERLIN,
        address: `203.0.113.${n + 10}`,
      })),
    );
    await rebuild(t);

    const bodies = [
      await get(t, `/summary?period=${MARCH}`),
      await get(t, `/countries?period=${MARCH}`),
    ];
    for (const resolution of [3, 4, 5, 6, 7]) {
      bodies.push(await get(t, `/cells?period=${MARCH}&resolution=${resolution}`));
    }
    const secrets = [
      cellOf(BERLIN),
      ...accounts.flatMap((account) => [account.nodeId, account.username]),
      ...accounts.map((_, n) => `203.0.113.${n + 10}`),
    ];
    for (const response of bodies) {
      expect(response.statusCode).toBe(200);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
      const keys = JSON.stringify(response.json()).match(/"[a-z_]+":/gi) ?? [];
      for (const key of keys) {
        // The summary's threshold is a setting, the one field that may say "account".
        if (key === '"min_accounts":') continue;
        expect(key).not.toMatch(/user|account|node_id|address|ip|email|name/i);
      }
      for (const row of response.json().data.rows ?? []) {
        if (row.cell === undefined) continue;
        expect(isValidCell(row.cell)).toBe(true);
        expect(getResolution(row.cell)).toBeGreaterThanOrEqual(3);
        expect(getResolution(row.cell)).toBeLessThanOrEqual(7);
      }
    }
  });

  it.each([
    ['/summary', 'period'],
    ['/summary?period=March', 'period'],
    ['/summary?period=2026-13', 'period'],
    ['/countries?period=2026-3', 'period'],
    ['/cells?period=2026-03', 'resolution'],
    ['/cells?period=2026-03&resolution=8', 'resolution'],
    ['/cells?period=2026-03&resolution=2', 'resolution'],
    ['/cells?period=2026-03&resolution=five', 'resolution'],
    ['/cells?resolution=5', 'period'],
  ])('refuses %s with a 400 naming %s', async (url, field) => {
    const response = await get(t, url);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field][0]).toMatch(field === 'period' ? /YYYY-MM/ : /3 to 7/);
  });

  it('answers a period never built with no rows', async () => {
    expect(await summary(t, '2025-01')).toEqual({
      period: '2025-01',
      built_at: null,
      min_accounts: 5,
      network: null,
    });
    expect(await cells(t, 5, 'last-30-days')).toEqual([]);
    expect(await countries(t, '2025-01')).toEqual([]);
  });

  it('answers 304 to the ETag it gave until the period is rebuilt', async () => {
    const accounts = await plantAccounts(t.app.db, 5);
    await plantTests(t.app.db, oneTestEach(accounts, BERLIN, '2026-03-11T09:00:00Z'));
    await rebuild(t);
    const url = `/cells?period=${MARCH}&resolution=5`;

    const first = await get(t, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"explorer-/);

    const again = await get(t, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another resolution is another answer.
    expect(
      (await get(t, `/cells?period=${MARCH}&resolution=4`, { 'if-none-match': etag })).statusCode,
    ).toBe(200);

    t.clock.advance(60_000);
    await rebuild(t);
    const rebuilt = await get(t, url, { 'if-none-match': etag });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.headers.etag).not.toBe(etag);
  });

  it('keeps an answer whole for 30 seconds: its own rebuild shows at once, another server’s within them', async () => {
    const accounts = await plantAccounts(t.app.db, 5);
    await plantTests(t.app.db, oneTestEach(accounts, BERLIN, '2026-03-11T09:00:00Z'));
    await summary(t);
    await rebuild(t);
    const built = await summary(t);
    expect(built.network?.tests).toBe(5);
    expect(await cells(t, 7)).toHaveLength(1);

    // Another server rebuilt the period: its rows changed under this server's kept answers.
    const later = new Date(t.clock.now().getTime() + 1_000);
    await t.app.db.update(explorerPeriods).set({ builtAt: later, tests: 6 });
    await t.app.db.delete(explorerCells);
    expect((await summary(t)).built_at).toBe(built.built_at);
    expect(await cells(t, 7)).toHaveLength(1);

    t.clock.advance(30_000);
    expect(await summary(t)).toMatchObject({
      built_at: later.toISOString(),
      network: { tests: 6 },
    });
    expect(await cells(t, 7)).toEqual([]);
  });

  it('says a kept answer’s message in each request’s language', async () => {
    await summary(t);
    const turkish = await get(t, `/summary?period=${MARCH}`, { 'accept-language': 'tr' });
    const english = await get(t, `/summary?period=${MARCH}`, { 'accept-language': 'en' });
    expect(turkish.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(turkish.json()).toMatchObject({ success: true, message: 'Tamam' });
    expect(english.json()).toMatchObject({ success: true, message: 'OK' });
    expect(turkish.json().data).toEqual(english.json().data);
  });

  it('compresses a large answer for a client that takes it, the same JSON it sends plain', async () => {
    for (const place of [BERLIN, LISBON, LUXEMBOURG]) {
      const accounts = await plantAccounts(t.app.db, 5);
      await plantTests(t.app.db, oneTestEach(accounts, place, '2026-03-11T09:00:00Z'));
    }
    await rebuild(t);
    const url = `/cells?period=${MARCH}&resolution=7`;
    const plain = await get(t, url);
    const browser = await get(t, url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzipOnly = await get(t, url, { 'accept-encoding': 'gzip, deflate' });
    const refused = await get(t, url, { 'accept-encoding': 'br;q=0, gzip;q=0' });

    expect(plain.json().data.rows).toHaveLength(3);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(plain.body);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    // A small answer is not worth a compressed copy's header.
    const small = await get(t, `/summary?period=${MARCH}`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.network.tests).toBe(15);
  });

  it('rebuilds from the command line, printing each step, and refuses a malformed period', async () => {
    const accounts = await plantAccounts(t.app.db, 5);
    await plantTests(t.app.db, oneTestEach(accounts, BERLIN, '2026-03-12T09:00:00Z'));

    const result = await runAdminCommand(
      t.app.db,
      ['explorer', 'rebuild', '--period', MARCH],
      t.clock.now(),
      { config: t.config },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`explorer ${MARCH}: 5 tests counted, in 1 resolution-8 cells`);
    expect(result.stdout).toContain('5 cells (resolutions 3 to 7) and 1 countries published');
    expect((await summary(t)).network?.tests).toBe(5);

    const refused = await runAdminCommand(
      t.app.db,
      ['explorer', 'rebuild', '--period', '2026-3'],
      t.clock.now(),
      { config: t.config },
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('--period must be a month as YYYY-MM');
  });
});
