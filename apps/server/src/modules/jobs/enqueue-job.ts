/**
 * How work is queued (docs/decisions/038): in the caller's own transaction, so a
 * job exists exactly when the change that calls for it committed, and once per
 * delivery key, however often or concurrently it is asked for.
 */
import type { Queryable } from '../../db/client.ts';
import type { TransactionDatabase } from '../../db/transaction.ts';
import { createCommitSignal } from '../../lib/commit-signal.ts';
import { insertJobs } from './jobs-repository.ts';

/** Attempts a job gets before it is failed for an operator to look at. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface JobToQueue {
  /** The handler's name, as `app.jobs.handle(kind, ...)` registers it. */
  kind: string;
  /**
   * Names the delivery, not the attempt: `notice:<id>:mail`, `node-offline-scan:<slot>`. A
   * second job with a key already queued (or done) is not written.
   */
  deliveryKey: string;
  /** What the handler needs, as JSON; no secrets (the console lists failed jobs). */
  payload?: unknown;
  /** Not before this moment; at once when omitted. */
  runAt?: Date;
  maxAttempts?: number;
}

type Waker = () => void;
const queuedSignal = createCommitSignal<[]>();

/**
 * Calls `waker` whenever a job queued on `db` has committed, so a lone server's workers
 * start at once instead of at their next poll; answers the function that stops it.
 */
export function onJobsQueued(db: TransactionDatabase, waker: Waker): () => void {
  return queuedSignal.listen(db, waker);
}

/**
 * Queues a job with `tx`, the transaction of the change that calls for it (or the database
 * itself, for work that stands alone): it commits or rolls back with that change, and a
 * job rolled back never runs. Answers whether it was queued (false: its delivery key was
 * queued before). The workers of this process are woken once the transaction commits.
 *
 * A job's handler may run more than once for one delivery (a server killed mid-run, a
 * lease that ran out): handlers must be idempotent by the job's delivery key.
 */
export async function enqueueJob(tx: Queryable, job: JobToQueue): Promise<boolean> {
  return (await enqueueJobs(tx, [job])) === 1;
}

/**
 * Queues many jobs as `enqueueJob` queues one, in a few multi-row statements however many
 * there are (a cycle's end mails every member): each is skipped when its delivery key was
 * queued before. Answers how many were queued.
 */
export async function enqueueJobs(tx: Queryable, toQueue: readonly JobToQueue[]): Promise<number> {
  if (toQueue.length === 0) return 0;
  const queued = await insertJobs(
    tx,
    toQueue.map((job) => ({
      kind: job.kind,
      deliveryKey: job.deliveryKey,
      payload: job.payload ?? {},
      runAt: job.runAt,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })),
  );
  if (queued > 0) {
    if ('rollback' in tx) queuedSignal.tellWhenCommitted(tx);
    else queuedSignal.tell(tx);
  }
  return queued;
}
