/**
 * The durable job queue (issue 30, docs/decisions/038): the jobs module's table
 * (docs/ARCHITECTURE.md section 9). A job is written in the transaction of the
 * change that calls for it, claimed by one worker at a time with
 * `FOR UPDATE SKIP LOCKED`, and kept once done so its delivery key keeps
 * refusing a second copy of the same delivery.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalTime } from '../columns.ts';

/**
 * waiting: due at run_at; running: a worker holds it until locked_until; done: its handler
 * returned; failed: its last attempt threw and no attempt is left (an operator retries or
 * drops it); dropped: an operator gave it up (the row stays, so its key stays taken).
 */
export const JOB_STATES = ['waiting', 'running', 'done', 'failed', 'dropped'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it (`app.jobs.handle(kind, ...)`). */
    kind: text('kind').notNull(),
    /** One per delivery (a notice and its channel, a schedule's slot): a second copy is not queued. */
    deliveryKey: text('delivery_key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('waiting'),
    /** When it is due (again, after a failed attempt's backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts begun, counted as each is claimed: a claim's fencing token too. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** A running job's lease: past it, the worker is presumed dead and another takes the job. */
    lockedUntil: optionalTime('locked_until'),
    /** The last failed attempt's error, its message only (never a stack). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: optionalTime('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_delivery_key_idx').on(t.deliveryKey),
    // The claim's and the overview's read: the waiting by due time, the running by lease.
    index('jobs_waiting_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'waiting'`),
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_failed_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'failed'`),
    // The hourly pruning of done jobs past JOBS_KEEP_DONE_DAYS, oldest first.
    index('jobs_done_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'done'`),
  ],
);
