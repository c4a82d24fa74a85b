/**
 * The durable job queue (issue 30, docs/decisions/038) in the real app, on PGlite and
 * PostgreSQL: a job exists exactly when its transaction committed, once per delivery key;
 * a failing job is retried with a growing wait, then failed for the operator, who retries
 * or drops it (audited); one job throwing never stops another; a job whose server died is
 * taken again once its lease runs out; the console and /metrics count the queue.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { inTransaction } from '../../src/db/transaction.ts';
import { auditLog } from '../../src/db/tables/admin-tables.ts';
import { jobs } from '../../src/db/tables/jobs-tables.ts';
import { enqueueJob, type JobToRun } from '../../src/modules/jobs/index.ts';
import { ABANDONED_LAST_ATTEMPT } from '../../src/modules/jobs/jobs-repository.ts';
import { jobOf, waitForJob, waitForJobsSettled } from '../helpers/jobs.ts';
import { consoleCall, signedInAdmin } from '../helpers/admins.ts';
import { scrape, valueOf } from '../helpers/prometheus.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

describe('queueing in the caller’s transaction', () => {
  // A poll of a minute: a job that runs within seconds was started by the commit's wake-up.
  const t = useTestApp({ env: { JOBS_POLL_MS: '60000' } });

  it('runs a committed job at once, and never one whose transaction rolled back', async () => {
    const ran: string[] = [];
    t.app.jobs.handle('test.note', async (job) => {
      ran.push(job.deliveryKey);
    });

    await expect(
      inTransaction(t.app.db, async (tx) => {
        await enqueueJob(tx, { kind: 'test.note', deliveryKey: 'note:rolled-back' });
        throw new Error('the change that called for it is refused');
      }),
    ).rejects.toThrow('refused');
    await inTransaction(t.app.db, (tx) =>
      enqueueJob(tx, { kind: 'test.note', deliveryKey: 'note:committed', payload: { n: 1 } }),
    );

    const done = await waitForJob(t.app.db, 'note:committed', 'done');
    expect(done).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
    expect(ran).toEqual(['note:committed']);
    expect(await jobOf(t.app.db, 'note:rolled-back')).toBeUndefined();
  });

  it('queues a delivery key once, however often and concurrently it is asked for', async () => {
    const ran: JobToRun[] = [];
    t.app.jobs.handle('test.once', async (job) => {
      ran.push(job);
    });
    const queue = () =>
      inTransaction(t.app.db, (tx) =>
        enqueueJob(tx, { kind: 'test.once', deliveryKey: 'notice:7:mail', payload: { notice: 7 } }),
      );

    const queued = await Promise.all([queue(), queue(), queue()]);
    expect(queued.filter(Boolean)).toHaveLength(1);
    await waitForJob(t.app.db, 'notice:7:mail', 'done');
    // Asked for again once done: the key still refuses a copy.
    expect(await queue()).toBe(false);

    const rows = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'test.once'));
    expect(rows).toHaveLength(1);
    expect(ran).toEqual([
      expect.objectContaining({ deliveryKey: 'notice:7:mail', payload: { notice: 7 }, attempt: 1 }),
    ]);
  });
});

describe('workers', () => {
  const t = useTestApp({ env: { JOBS_POLL_MS: '20' } });

  it('retries a failing job with a doubling wait, then fails it with its error and no secret', async () => {
    const attemptsAt: number[] = [];
    t.app.jobs.handle(
      'test.flaky',
      async () => {
        attemptsAt.push(Date.now());
        throw new Error(
          'smtp://mailer:hunter2@mail.example refused the token 9f8e7d6c5b4a39281706f5e4d3c2b1a0',
        );
      },
      { retryBaseMs: 150 },
    );
    await enqueueJob(t.app.db, { kind: 'test.flaky', deliveryKey: 'flaky:1', maxAttempts: 3 });

    const failed = await waitForJob(t.app.db, 'flaky:1', 'failed');
    expect(attemptsAt).toHaveLength(3);
    // The database's clock sets the waits and this one measures them: a little slack.
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(150 - 15);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(300 - 15);
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toContain('refused the token');
    expect(failed.lastError).not.toContain('hunter2');
    expect(failed.lastError).not.toContain('9f8e7d6c5b4a39281706f5e4d3c2b1a0');
    expect(failed.lastError).not.toMatch(/\n\s+at /);
  });

  it('lets the operator list failed jobs, retry one and drop another, each audited', async () => {
    let failing = true;
    const ran: string[] = [];
    t.app.jobs.handle('test.mail', async (job) => {
      if (failing) throw new Error('the mail server is away');
      ran.push(job.deliveryKey);
    });
    for (const key of ['mail:1', 'mail:2']) {
      await enqueueJob(t.app.db, { kind: 'test.mail', deliveryKey: key, maxAttempts: 1 });
    }
    const first = await waitForJob(t.app.db, 'mail:1', 'failed');
    const second = await waitForJob(t.app.db, 'mail:2', 'failed');
    const boss = await signedInAdmin(t);

    const listed = await consoleCall(t, boss, 'GET', '/jobs/failed?pageNumber=1&pageSize=10');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().meta).toMatchObject({ total_results: 2, current: 1 });
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: first.id,
          kind: 'test.mail',
          delivery_key: 'mail:1',
          attempts: 1,
          last_error: 'Error: the mail server is away',
        }),
      ]),
    );
    const badPage = await consoleCall(t, boss, 'GET', '/jobs/failed?pageSize=0');
    expect(badPage.statusCode).toBe(400);

    failing = false;
    const retried = await consoleCall(t, boss, 'POST', `/jobs/${first.id}/retry`);
    expect(retried.json()).toEqual({ success: true, message: ADMIN_MESSAGES.jobRetried });
    expect(await waitForJob(t.app.db, 'mail:1', 'done')).toMatchObject({ attempts: 1 });
    expect(ran).toEqual(['mail:1']);

    const dropped = await consoleCall(t, boss, 'DELETE', `/jobs/${second.id}`);
    expect(dropped.json()).toEqual({ success: true, message: ADMIN_MESSAGES.jobDropped });
    expect((await jobOf(t.app.db, 'mail:2'))?.state).toBe('dropped');
    // A dropped delivery is not queued again, and cannot be retried.
    expect(await enqueueJob(t.app.db, { kind: 'test.mail', deliveryKey: 'mail:2' })).toBe(false);
    const again = await consoleCall(t, boss, 'POST', `/jobs/${second.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.jobNotFailed);
    const unknown = await consoleCall(t, boss, 'DELETE', '/jobs/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADMIN_MESSAGES.jobNotFound);
    expect((await consoleCall(t, boss, 'POST', '/jobs/first/retry')).statusCode).toBe(400);
    // Past the ids a row can have: refused as no such job, not sent to the database.
    const pastTheIds = await consoleCall(t, boss, 'POST', '/jobs/2147483648/retry');
    expect([pastTheIds.statusCode, pastTheIds.json().errors]).toEqual([
      400,
      { jobId: [ADMIN_MESSAGES.jobNotFound] },
    ]);

    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'job.%'`)
      .orderBy(auditLog.id);
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'job.retry',
        adminUserId: boss.id,
        target: `job:${first.id} (mail:1)`,
        before: { state: 'failed', attempts: 1 },
        after: { state: 'waiting' },
      }),
      expect.objectContaining({
        action: 'job.drop',
        adminUserId: boss.id,
        target: `job:${second.id} (mail:2)`,
        after: { state: 'dropped' },
      }),
    ]);
    ran.length = 0;
  });

  it('runs every other job when one throws', async () => {
    const ran: string[] = [];
    t.app.jobs.handle('test.batch', async (job) => {
      if (job.deliveryKey === 'batch:5') throw new Error('this one is broken');
      ran.push(job.deliveryKey);
    });
    // One transaction, so one claim takes them all together.
    await inTransaction(t.app.db, async (tx) => {
      for (let n = 0; n < 10; n++) {
        await enqueueJob(tx, { kind: 'test.batch', deliveryKey: `batch:${n}`, maxAttempts: 1 });
      }
    });

    await waitForJob(t.app.db, 'batch:5', 'failed');
    for (let n = 0; n < 10; n++) {
      if (n !== 5) await waitForJob(t.app.db, `batch:${n}`, 'done');
    }
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9].map((n) => `batch:${n}`).sort());
  });

  it('takes again a job whose server died holding it once its lease ran out, and fails one on its last attempt', async () => {
    // As a server killed mid-run leaves them: running, with a lease run out or still held.
    const leftBehind = async (deliveryKey: string, leaseLeft: string, attempts = 1) => {
      await enqueueJob(t.app.db, { kind: 'test.orphan', deliveryKey, maxAttempts: 3 });
      await t.app.db
        .update(jobs)
        .set({
          state: 'running',
          attempts,
          lockedUntil: sql`now() + ${leaseLeft}::interval`,
        })
        .where(eq(jobs.deliveryKey, deliveryKey));
    };
    await leftBehind('orphan:expired', '-1 second');
    await leftBehind('orphan:held', '1 hour');
    // Its last attempt stopped its server: it is failed for the operator, not run for ever.
    await leftBehind('orphan:last', '-1 second', 3);
    const ran: JobToRun[] = [];
    t.app.jobs.handle('test.orphan', async (job) => {
      ran.push(job);
    });

    await waitForJob(t.app.db, 'orphan:expired', 'done');
    expect(ran).toEqual([expect.objectContaining({ deliveryKey: 'orphan:expired', attempt: 2 })]);
    expect(await jobOf(t.app.db, 'orphan:held')).toMatchObject({ state: 'running', attempts: 1 });
    expect(await waitForJob(t.app.db, 'orphan:last', 'failed')).toMatchObject({
      attempts: 3,
      lastError: ABANDONED_LAST_ATTEMPT,
      lockedUntil: null,
    });
  });

  it('counts the queue for the console and /metrics', async () => {
    const minuteAgo = new Date(Date.now() - 60_000);
    // No handler for this kind on this server: its jobs wait.
    await enqueueJob(t.app.db, { kind: 'test.unhandled', deliveryKey: 'w:1', runAt: minuteAgo });
    await enqueueJob(t.app.db, { kind: 'test.unhandled', deliveryKey: 'w:2' });
    await enqueueJob(t.app.db, {
      kind: 'test.unhandled',
      deliveryKey: 'w:later',
      runAt: new Date(Date.now() + 3_600_000),
    });
    await enqueueJob(t.app.db, { kind: 'test.unhandled', deliveryKey: 'w:failed' });
    await t.app.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(and(eq(jobs.deliveryKey, 'w:failed')));
    const boss = await signedInAdmin(t);
    // The server's scheduled jobs (the explorer's rebuild, the scans: their first slots run as it
    // starts) are counted too; on a busy machine one was still running here. Read once done.
    await waitForJobsSettled(t.app.db, ne(jobs.kind, 'test.unhandled'));

    const overview = (await consoleCall(t, boss, 'GET', '/overview')).json().data.jobs;
    expect(overview).toMatchObject({ waiting: 3, running: 0, failed: 1 });
    expect(overview.oldest_waiting_s).toBeGreaterThanOrEqual(59);
    expect(overview.oldest_waiting_s).toBeLessThan(120);
    const queue = await consoleCall(t, boss, 'GET', '/jobs');
    expect(queue.json().data).toMatchObject({ waiting: 3, running: 0, failed: 1 });

    const samples = await scrape(t);
    expect(valueOf(samples, 'netpulse_jobs', { state: 'waiting' })).toBe(3);
    expect(valueOf(samples, 'netpulse_jobs', { state: 'running' })).toBe(0);
    expect(valueOf(samples, 'netpulse_jobs', { state: 'failed' })).toBe(1);
    expect(valueOf(samples, 'netpulse_jobs_oldest_waiting_seconds')).toBeGreaterThanOrEqual(59);
  });
});

describe('closing the app', () => {
  it('finishes the jobs in flight before it closes', async () => {
    const t = await createTestApp({ env: { JOBS_POLL_MS: '20' } });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    t.app.jobs.handle('test.slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await enqueueJob(t.app.db, { kind: 'test.slow', deliveryKey: 'slow:1' });
    await running;
    await t.app.close();
    expect(await jobOf(t.app.db, 'slow:1')).toMatchObject({ state: 'done' });
    await t.database.close();
  });
});
