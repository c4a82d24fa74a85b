/**
 * What GET /metrics counts, after real requests: request durations by route
 * pattern and status, requests in flight, committed credits by type (and never
 * a refused or rolled-back one), ndt7 bytes, database queries and pool, the
 * process's own series, and the errors per hour kept for the console.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@netpulse/shared';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { creditPoints } from '../../src/modules/ledger/credit-points.ts';
import { signedInPerson } from '../helpers/auth-flow.ts';
import { ndt7Download, ndt7Upload } from '../helpers/ndt7-client.ts';
import { call, dailyClaim, openSpeedtest, userIdOf } from '../helpers/points.ts';
import { scrape, valueOf, type Sample } from '../helpers/prometheus.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ ndt7DurationMs: 1_000 });

const HTTP = 'netpulse_http_request_duration_seconds';

/** How many requests of `route` `method` were answered with `status`. */
const answered = (samples: Sample[], route: string, method: string, status: number) =>
  valueOf(samples, `${HTTP}_count`, { route, method, status_code: String(status) }) ?? 0;

const credits = (samples: Sample[], type: string) =>
  valueOf(samples, 'netpulse_credits_total', { type });
const creditedPoints = (samples: Sample[], type: string) =>
  valueOf(samples, 'netpulse_credited_points_total', { type });

describe('GET /metrics series', () => {
  it('times requests by route pattern, method and status, never by raw URL', async () => {
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect((await dailyClaim(t, person)).statusCode).toBe(409);
    // Refused (not a test id): a 4xx all the same, labelled with the route's pattern.
    const receipt = await call(t, person, 'GET', '/points/no-such-test/receipt');
    expect(receipt.statusCode).toBe(400);
    const nowhere = await t.app.inject({ method: 'GET', url: '/v1/api/no/such/route?x=1' });
    expect(nowhere.statusCode).toBe(404);

    const samples = await scrape(t);
    expect(answered(samples, '/v1/api/daily-claim', 'POST', 200)).toBe(1);
    expect(answered(samples, '/v1/api/daily-claim', 'POST', 409)).toBe(1);
    expect(answered(samples, '/v1/api/points/:testId/receipt', 'GET', 400)).toBe(1);
    expect(answered(samples, 'unmatched', 'GET', 404)).toBe(1);
    const routes = new Set(
      samples.filter((sample) => sample.name === `${HTTP}_count`).map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).not.toMatch(/no-such|\?/);
    // Each request falls in one bucket: the last (+Inf) holds them all.
    expect(
      valueOf(samples, `${HTTP}_bucket`, {
        route: '/v1/api/daily-claim',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(
      valueOf(samples, `${HTTP}_sum`, { route: '/v1/api/daily-claim', status_code: '200' }),
    ).toBeGreaterThan(0);
  });

  it('counts the requests in flight: the scrape itself, and none left behind', async () => {
    const person = await signedInPerson(t);
    await Promise.all([dailyClaim(t, person), dailyClaim(t, person), call(t, person, 'GET', '/x')]);
    expect(valueOf(await scrape(t), 'netpulse_http_requests_in_flight')).toBe(1);
    expect(valueOf(await scrape(t), 'netpulse_http_requests_in_flight')).toBe(1);
  });

  it('counts a committed daily claim once by its type, and not the refused second claim', async () => {
    const before = await scrape(t);
    for (const type of TRANSACTION_TYPES) {
      expect({ type, credits: credits(before, type) }).toEqual({ type, credits: 0 });
    }
    const person = await signedInPerson(t);
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
    expect((await dailyClaim(t, person)).statusCode).toBe(409);

    const after = await scrape(t);
    expect(credits(after, 'daily_claim')).toBe(1);
    expect(creditedPoints(after, 'daily_claim')).toBe(100);
    for (const type of TRANSACTION_TYPES.filter((type) => type !== 'daily_claim')) {
      expect({ type, credits: credits(after, type) }).toEqual({ type, credits: 0 });
    }
  });

  it('never counts a credit whose transaction rolled back', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const credit = (key: string) => ({
      userId,
      type: 'quest_reward' as const,
      points: 500,
      details: 'A quest',
      idempotencyKey: key,
      at: t.clock.now(),
      duplicateMessage: 'Already paid',
    });
    const failure = new Error('something after the credit failed');
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await creditPoints(tx, credit('quest:test:rolled-back'));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(credits(await scrape(t), 'quest_reward')).toBe(0);

    await inTransaction(t.database.db, (tx) => creditPoints(tx, credit('quest:test:committed')));
    const samples = await scrape(t);
    expect(credits(samples, 'quest_reward')).toBe(1);
    expect(creditedPoints(samples, 'quest_reward')).toBe(500);
  });

  it('counts the bytes a real ndt7 run moved, by direction, as the server measured them', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const local = (url: string) => url.replace('ws://localhost:8080', `ws://127.0.0.1:${port}`);
    const person = await signedInPerson(t);
    const opened = await openSpeedtest(t, person);
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json().data as {
      testId: string;
      downloadUrl: string;
      uploadUrl: string;
    };

    const before = await scrape(t);
    expect(valueOf(before, 'netpulse_ndt7_bytes_total', { direction: 'download' })).toBe(0);
    const download = ndt7Download(local(session.downloadUrl));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await scrape(t);
    expect(valueOf(during, 'netpulse_ndt7_directions_running', { direction: 'download' })).toBe(1);
    expect((await download).closeCode).toBe(1000);
    expect((await ndt7Upload(local(session.uploadUrl))).closeCode).toBe(1000);

    const [stored] = await t.database.db
      .select()
      .from(speedtests)
      .where(eq(speedtests.id, session.testId));
    const samples = await scrape(t);
    expect(stored?.downloadBytes).toBeGreaterThan(0);
    expect(valueOf(samples, 'netpulse_ndt7_bytes_total', { direction: 'download' })).toBe(
      stored?.downloadBytes,
    );
    expect(valueOf(samples, 'netpulse_ndt7_bytes_total', { direction: 'upload' })).toBe(
      stored?.uploadBytes,
    );
    for (const direction of ['download', 'upload']) {
      expect(valueOf(samples, 'netpulse_ndt7_directions_running', { direction })).toBe(0);
    }
  });

  it('times the database queries and reports its pool', async () => {
    const before = valueOf(await scrape(t), 'netpulse_db_query_duration_seconds_count') ?? 0;
    await signedInPerson(t);
    const samples = await scrape(t);
    const queries = valueOf(samples, 'netpulse_db_query_duration_seconds_count') ?? 0;
    expect(queries - before).toBeGreaterThan(3);
    expect(valueOf(samples, 'netpulse_db_query_duration_seconds_sum')).toBeGreaterThan(0);
    const driver = { driver: t.database.kind };
    expect(valueOf(samples, 'netpulse_db_pool_connections', driver)).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'netpulse_db_pool_idle_connections', driver)).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'netpulse_db_pool_waiting_clients', driver)).toBe(0);
  });

  it("serves the process's own series: event-loop lag, memory, CPU", async () => {
    const samples = await scrape(t);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect({ name, present: samples.some((sample) => sample.name === name) }).toEqual({
        name,
        present: true,
      });
    }
  });

  it('keeps the failed answers of the current hour for the console', async () => {
    const hour = () => t.app.metrics.errorsPerHour.hours(t.clock.now()).at(-1);
    const before = hour();
    await t.app.inject({ method: 'GET', url: '/v1/api/no-such-route' });
    await t.app.inject({ method: 'GET', url: '/v1/api/profile' });
    const after = hour();
    expect(after?.hour).toBe('2026-03-10T12:00:00.000Z');
    expect((after?.clientErrors ?? 0) - (before?.clientErrors ?? 0)).toBe(2);
    expect(after?.serverErrors).toBe(before?.serverErrors);
  });
});
