/**
 * The hourly pruning of the job queue (issue 30): done jobs older than JOBS_KEEP_DONE_DAYS
 * are deleted, in batches; done jobs within the window, failed and dropped jobs stay. The
 * test clock moves the schedule to its next hourly slot.
 */
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/tables/jobs-tables.ts';
import { pruneDoneJobs, PRUNE_KIND } from '../../src/modules/jobs/prune-done-jobs.ts';
import { waitForJob } from '../helpers/jobs.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR_MS = 3_600_000;

/** A finished job of the test's own kind, its end `daysAgo` days before the database's now. */
async function finishedJob(
  t: TestApp,
  deliveryKey: string,
  state: 'done' | 'failed' | 'dropped',
  daysAgo: number,
) {
  await t.database.db.insert(jobs).values({
    kind: 'test.finished',
    deliveryKey,
    state,
    maxAttempts: 1,
    attempts: 1,
    finishedAt: sql`now() - ${daysAgo} * interval '1 day'`,
  });
}

async function keptKeys(t: TestApp, keys: string[]) {
  const rows = await t.database.db
    .select({ key: jobs.deliveryKey })
    .from(jobs)
    .where(inArray(jobs.deliveryKey, keys));
  return rows.map((row) => row.key).sort();
}

/** Waits for the current hour's pruning, which the app queued as it started, to have run. */
async function currentPruningDone(t: TestApp) {
  await t.app.jobs.queueSchedules();
  const slot = Math.floor(t.clock.now().getTime() / HOUR_MS);
  await waitForJob(t.database.db, `${PRUNE_KIND}:${slot}`, 'done');
}

describe('pruning done jobs', () => {
  const t = useTestApp({ env: { JOBS_POLL_MS: '20', JOBS_KEEP_DONE_DAYS: '7' } });

  it('runs each hour and deletes only the done jobs past the days kept', async () => {
    await currentPruningDone(t);
    await finishedJob(t, 'old-done', 'done', 8);
    await finishedJob(t, 'recent-done', 'done', 6);
    await finishedJob(t, 'old-failed', 'failed', 30);
    await finishedJob(t, 'old-dropped', 'dropped', 30);

    // The next hour's slot: the test clock moved, the schedule queues and runs it.
    t.clock.advance(HOUR_MS);
    await currentPruningDone(t);

    expect(await keptKeys(t, ['old-done', 'recent-done', 'old-failed', 'old-dropped'])).toEqual([
      'old-dropped',
      'old-failed',
      'recent-done',
    ]);
  });

  it('deletes in bounded batches until none is left', async () => {
    // The scheduled pruning done first, so only this call deletes.
    await currentPruningDone(t);
    const keys = Array.from({ length: 7 }, (_, index) => `old-${index}`);
    for (const key of keys) await finishedJob(t, key, 'done', 10);
    expect(await pruneDoneJobs(t.database.db, 7, 3)).toBe(7);
    expect(await keptKeys(t, keys)).toEqual([]);
    expect(await pruneDoneJobs(t.database.db, 7, 3)).toBe(0);
  });
});
