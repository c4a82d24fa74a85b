/**
 * The queue's own scheduled work: done jobs are deleted once `JOBS_KEEP_DONE_DAYS` old, so
 * the table holds what is pending, what failed and a recent past. Bounded batches, each its
 * own statement, so the pruning never holds many rows locked at once nor waits on a worker.
 */
import type { Database } from '../../db/client.ts';
import { deleteDoneJobs } from './jobs-repository.ts';
import type { JobQueue } from './job-queue.ts';

export const PRUNE_KIND = 'jobs.prune';
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1_000;

/** Deletes the done jobs past `keepDays`, a batch at a time; answers how many. */
export async function pruneDoneJobs(
  db: Database,
  keepDays: number,
  batch = PRUNE_BATCH,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const deleted = await deleteDoneJobs(db, keepDays, batch);
    pruned += deleted;
    if (deleted < batch) return pruned;
  }
}

/** Runs the pruning once an hour across all servers. */
export function schedulePruning(queue: JobQueue, db: Database, keepDays: number): void {
  queue.every(PRUNE_KIND, PRUNE_EVERY_MS, async () => {
    await pruneDoneJobs(db, keepDays);
  });
}
