/**
 * Two servers on one PostgreSQL database, each running the job queue's workers (issue
 * 30): every job is delivered exactly once whichever server takes it, and scheduled work
 * runs once per interval across both. Runs in the PostgreSQL pass, which sets
 * TEST_DATABASE_URL and TEST_REDIS_URL, as the other two-server tests do.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from '../../src/db/client.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { jobs } from '../../src/db/tables/jobs-tables.ts';
import { enqueueJob, type JobToRun } from '../../src/modules/jobs/index.ts';
import { waitForJob, waitForKindSettled } from '../helpers/jobs.ts';
import { freshPostgresDatabase } from '../helpers/test-database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const JOBS = 500;
const MINUTE_MS = 60_000;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))(
  'two servers on one PostgreSQL database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL)',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      database = (await freshPostgresDatabase())!;
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL!,
        // One secret, as every server sharing a database has (README "Running more than one server").
        AUTH_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT_DISABLED: 'true',
        JOBS_POLL_MS: '20',
      };
      a = await createTestApp({ env, database: fromPostgres(database.url, 4) });
      b = await createTestApp({ env, database: fromPostgres(database.url, 4) });
    }, 120_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it(`deliver each of ${JOBS} jobs exactly once, both taking their share`, async () => {
      const calls = new Map<string, number>();
      const byServer = { a: 0, b: 0 };
      for (const [name, server] of [
        ['a', a],
        ['b', b],
      ] as const) {
        server.app.jobs.handle('test.deliver', async (job: JobToRun) => {
          calls.set(job.deliveryKey, (calls.get(job.deliveryKey) ?? 0) + 1);
          byServer[name] += 1;
          // A delivery takes a moment (a mail, a push), so both servers' workers are busy at once.
          await new Promise((resolve) => setTimeout(resolve, 5));
        });
      }

      // Queued in transactions of 50 on server a: its workers wake at each commit, b polls.
      for (let first = 0; first < JOBS; first += 50) {
        await inTransaction(a.app.db, async (tx) => {
          for (let n = first; n < first + 50; n++) {
            await enqueueJob(tx, { kind: 'test.deliver', deliveryKey: `deliver:${n}` });
          }
        });
      }

      const rows = await waitForKindSettled(a.app.db, 'test.deliver');
      expect(rows).toHaveLength(JOBS);
      expect(rows.every((row) => row.state === 'done')).toBe(true);
      expect(calls.size).toBe(JOBS);
      expect([...calls.values()].every((count) => count === 1)).toBe(true);
      expect(byServer.a + byServer.b).toBe(JOBS);
      expect(byServer.a).toBeGreaterThan(0);
      expect(byServer.b).toBeGreaterThan(0);
    }, 60_000);

    it('run scheduled work once per interval across both', async () => {
      const ran: { server: string; job: JobToRun }[] = [];
      for (const [name, server] of [
        ['a', a],
        ['b', b],
      ] as const) {
        server.app.jobs.every('test.tick', MINUTE_MS, async (job) => {
          ran.push({ server: name, job });
        });
      }
      const slot = Math.floor(a.clock.now().getTime() / MINUTE_MS);

      // Both servers have queued the slot (the second's copy refused by its key) ...
      await Promise.all([a.app.jobs.queueSchedules(), b.app.jobs.queueSchedules()]);
      await waitForJob(a.app.db, `test.tick:${slot}`, 'done');
      // ... and the next one, once their clocks reach it.
      for (const server of [a, b]) server.clock.advance(MINUTE_MS);
      await Promise.all([a.app.jobs.queueSchedules(), b.app.jobs.queueSchedules()]);
      await waitForJob(a.app.db, `test.tick:${slot + 1}`, 'done');

      expect(ran.map(({ job }) => job.deliveryKey)).toEqual([
        `test.tick:${slot}`,
        `test.tick:${slot + 1}`,
      ]);
      expect(ran[0]!.job.payload).toEqual({
        slot,
        startsAt: new Date(slot * MINUTE_MS).toISOString(),
      });
      const queued = await a.app.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
      expect(queued).toHaveLength(2);
    });
  },
);
