/**
 * The explorer's jobs (issue 31, docs/decisions/042), on PGlite and on PostgreSQL: the daily
 * rebuild runs once however many queue workers share the database, and an account's deletion
 * queues the rebuild of the periods its tests counted in, which then no longer show them.
 */
import { PassThrough } from 'node:stream';
import { cellToParent } from 'h3-js';
import { afterEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/modules/jobs/job-queue.ts';
import {
  DAILY_REBUILD_KIND,
  handleExplorerJobs,
  periodsToRebuild,
  rebuildPeriod,
  REBUILD_KIND,
} from '../../src/modules/explorer/index.ts';
import { deleteAccount, deletionOf } from '../helpers/account-data.ts';
import { signedInPerson } from '../helpers/auth-flow.ts';
import { waitForJob } from '../helpers/jobs.ts';
import { userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { BERLIN, cellOf, oneTestEach, plantAccounts, plantNode, plantTests } from './plant.ts';

const NOW = '2026-03-20T12:00:00.000Z';
const DAY_MS = 86_400_000;

async function publishedAt7(t: TestApp, period: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/explorer/cells?period=${period}&resolution=7`,
  });
  return response.json().data.rows as { cell: string; tests: number }[];
}

async function networkTests(t: TestApp, period: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/explorer/summary?period=${period}`,
  });
  return response.json().data.network?.tests as number | undefined;
}

describe('the daily rebuild', () => {
  let t: TestApp | undefined;
  let second: JobQueue | undefined;

  afterEach(async () => {
    await second?.stop();
    await t?.close();
  });

  it('runs once with two queue workers on one database', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    t = await createTestApp({ now: NOW, logStream, env: { JOBS_POLL_MS: '20' } });
    const app = t.app;
    // A second server's queue: its own workers and schedule, the same database.
    second = new JobQueue(app.db, t.clock, { pollMs: 20, log: app.log });
    handleExplorerJobs(second, app);
    second.start();
    // The day the app started was rebuilt as it started (no tests yet); the tests come, then the next day.
    const today = Math.floor(t.clock.now().getTime() / DAY_MS);
    await waitForJob(app.db, `${DAILY_REBUILD_KIND}:${today}`, 'done', 15_000);
    const accounts = await plantAccounts(app.db, 5);
    await plantTests(app.db, oneTestEach(accounts, BERLIN, '2026-03-19T09:00:00Z'));
    lines.length = 0;
    t.clock.advance(DAY_MS);

    await Promise.all([app.jobs.queueSchedules(), second.queueSchedules()]);
    const job = await waitForJob(app.db, `${DAILY_REBUILD_KIND}:${today + 1}`, 'done', 15_000);

    expect(job.attempts).toBe(1);
    expect(periodsToRebuild(t.clock.now())).toEqual(['2026-03', 'last-30-days']);
    for (const period of ['2026-03', 'last-30-days']) {
      const started = lines.filter((line) => line.includes(`explorer ${period}: counting`));
      expect(started).toHaveLength(1);
      expect(await networkTests(t, period)).toBe(5);
    }
  });
});

describe("an account's deletion", () => {
  const t = useTestApp({ now: NOW });

  it('queues a rebuild of the periods its tests counted in, which then leave them out', async () => {
    const person = await signedInPerson(t);
    const personId = await userIdOf(t, person);
    const others = await plantAccounts(t.app.db, 4);
    await plantTests(t.app.db, [
      ...oneTestEach(others, BERLIN, '2026-03-15T09:00:00Z'),
      {
        userId: personId,
        nodeId: await plantNode(t.app.db, personId),
        at: '2026-03-15T10:00:00Z',
        place: BERLIN,
      },
    ]);
    const options = { now: t.clock.now(), minAccounts: t.config.EXPLORER_MIN_ACCOUNTS };
    for (const period of ['2026-03', 'last-30-days'])
      await rebuildPeriod(t.app.db, period, options);
    const berlin7 = cellToParent(cellOf(BERLIN), 7);
    expect(await publishedAt7(t, '2026-03')).toEqual([
      expect.objectContaining({ cell: berlin7, tests: 5 }),
    ]);

    const deleted = await deleteAccount(t, person, deletionOf(person));
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const period of ['2026-03', 'last-30-days']) {
      await waitForJob(t.app.db, `${REBUILD_KIND}:${period}:deleted-account:${personId}`, 'done');
      // Four accounts are left in the cell: below the minimum, so it is not published.
      expect(await publishedAt7(t, period)).toEqual([]);
      expect(await networkTests(t, period)).toBe(4);
    }
  });
});
