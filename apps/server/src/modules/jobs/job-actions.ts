/**
 * The operator's two actions on a failed job (the console's queue): run it again, or
 * give it up. Each locks the job, changes it and writes its audit row in one
 * transaction, as every admin action does (docs/decisions/021). The audit's writer is the
 * admin module's, handed in by app.ts: the jobs module imports no module that queues jobs
 * (admin's actions reach the notices, which queue their mail here).
 */
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import type { Database, Transaction } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Actor, writeAudit } from '../admin/index.ts';
import { dropJob, lockJob, requeueJob } from './jobs-repository.ts';

/** The admin module's audit writer (`writeAudit`). */
export type AuditWriter = typeof writeAudit;

export type JobActionOutcome =
  { done: true; message: string } | { done: false; status: 404 | 409; message: string };

async function onFailedJob(
  db: Database,
  writeAudit: AuditWriter,
  actor: Actor,
  jobId: number,
  now: Date,
  action: { name: 'job.retry' | 'job.drop'; after: string; message: string },
  change: (tx: Transaction, jobId: number) => Promise<void>,
): Promise<JobActionOutcome> {
  return inTransaction(db, async (tx) => {
    const job = await lockJob(tx, jobId);
    if (!job) return { done: false, status: 404, message: ADMIN_MESSAGES.jobNotFound };
    if (job.state !== 'failed') {
      return { done: false, status: 409, message: ADMIN_MESSAGES.jobNotFailed };
    }
    await change(tx, job.id);
    await writeAudit(
      tx,
      actor,
      {
        action: action.name,
        target: `job:${job.id} (${job.deliveryKey})`,
        before: { state: 'failed', attempts: job.attempts },
        after: { state: action.after },
      },
      now,
    );
    return { done: true, message: action.message };
  });
}

/** A failed job is due again at once, with its attempts counted afresh. */
export function retryFailedJob(
  db: Database,
  writeAudit: AuditWriter,
  actor: Actor,
  jobId: number,
  now: Date,
) {
  return onFailedJob(
    db,
    writeAudit,
    actor,
    jobId,
    now,
    { name: 'job.retry', after: 'waiting', message: ADMIN_MESSAGES.jobRetried },
    (tx, id) => requeueJob(tx, id),
  );
}

/** A failed job will never run; its delivery key stays taken, so it is not queued again. */
export function dropFailedJob(
  db: Database,
  writeAudit: AuditWriter,
  actor: Actor,
  jobId: number,
  now: Date,
) {
  return onFailedJob(
    db,
    writeAudit,
    actor,
    jobId,
    now,
    { name: 'job.drop', after: 'dropped', message: ADMIN_MESSAGES.jobDropped },
    (tx, id) => dropJob(tx, id),
  );
}
