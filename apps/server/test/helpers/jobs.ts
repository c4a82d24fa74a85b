/** The job queue's rows, read as a test checks them. */
import { eq, type SQL } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { jobs, type JobState } from '../../src/db/tables/jobs-tables.ts';

export type JobRow = typeof jobs.$inferSelect;

/** The job with this delivery key, or undefined when none was queued. */
export async function jobOf(db: Database, deliveryKey: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.deliveryKey, deliveryKey));
  return row;
}

/** Waits until the job with this delivery key is in `state` (the workers run in the background). */
export async function waitForJob(
  db: Database,
  deliveryKey: string,
  state: JobState,
  timeout = 5_000,
): Promise<JobRow> {
  return vi.waitFor(
    async () => {
      const row = await jobOf(db, deliveryKey);
      if (row?.state !== state) throw new Error(`${deliveryKey} is ${row?.state ?? 'not queued'}`);
      return row;
    },
    { timeout, interval: 20 },
  );
}

/** Waits until no job of `kind` is waiting or running. */
export async function waitForKindSettled(db: Database, kind: string, timeout = 30_000) {
  return waitForJobsSettled(db, eq(jobs.kind, kind), timeout);
}

/** Waits until no job that `which` selects is waiting or running. */
export async function waitForJobsSettled(db: Database, which: SQL, timeout = 30_000) {
  return vi.waitFor(
    async () => {
      const rows = await db.select({ state: jobs.state }).from(jobs).where(which);
      const open = rows.filter((row) => row.state === 'waiting' || row.state === 'running');
      if (open.length > 0) throw new Error(`${open.length} of ${rows.length} jobs not settled`);
      return rows;
    },
    { timeout, interval: 50 },
  );
}

/**
 * Runs the current slot of a scheduled job (`app.jobs.every`) at the test clock's time:
 * queues it as a server's loop would, and waits until a worker has done it.
 */
export async function runScheduledSlot(
  app: { jobs: { queueSchedules(): Promise<void> }; db: Database; clock: { now(): Date } },
  kind: string,
  intervalMs: number,
): Promise<JobRow> {
  await app.jobs.queueSchedules();
  const slot = Math.floor(app.clock.now().getTime() / intervalMs);
  return waitForJob(app.db, `${kind}:${slot}`, 'done');
}
