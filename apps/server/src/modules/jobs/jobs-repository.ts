/**
 * The jobs module's SQL (docs/decisions/038). Every time here is the database's
 * `now()`: servers sharing a database agree on when a job is due and when a lease
 * ran out even when their own clocks do not.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { arrayLiteral, rowsOf } from '../../db/sql-kit.ts';
import { jobs, type JobState } from '../../db/tables/jobs-tables.ts';

export interface NewJob {
  kind: string;
  deliveryKey: string;
  payload: unknown;
  /** When it is due; now when omitted. */
  runAt?: Date;
  maxAttempts: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 5 a row. */
const INSERT_CHUNK = 2_000;

/**
 * Writes the jobs whose delivery key is not queued yet, one multi-row statement per chunk;
 * answers how many were written.
 */
export async function insertJobs(db: Queryable, newJobs: readonly NewJob[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < newJobs.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(jobs)
      .values(
        newJobs.slice(start, start + INSERT_CHUNK).map((job) => ({
          kind: job.kind,
          deliveryKey: job.deliveryKey,
          payload: job.payload ?? {},
          maxAttempts: job.maxAttempts,
          // One statement's rows share their columns: a job due at once is due at now().
          runAt: job.runAt ?? sql`now()`,
        })),
      )
      .onConflictDoNothing({ target: jobs.deliveryKey })
      .returning({ id: jobs.id });
    written += rows.length;
  }
  return written;
}

/** A job a worker holds: `attempt` is its fencing token for the writes that end it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  deliveryKey: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

/** What a job keeps when its server stopped during its last attempt. */
export const ABANDONED_LAST_ATTEMPT = 'Its server stopped during its last attempt';

/**
 * Takes up to `limit` jobs of `kinds` that are due, or whose lease ran out (their worker
 * died), and leases them for `leaseMs`, in one statement. `SKIP LOCKED` lets workers on
 * every server claim at once without waiting for or taking each other's rows. A job whose
 * lease ran out on its last attempt is failed instead: a job that kills its server is not
 * run for ever.
 */
export async function claimDueJobs(
  db: Queryable,
  kinds: readonly string[],
  limit: number,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const ofKinds = sql`kind = ANY(${arrayLiteral([...kinds])}::text[])`;
  const result = await db.execute(sql`
    WITH abandoned AS (
      UPDATE ${jobs} SET state = 'failed', locked_until = NULL, finished_at = now(),
        last_error = ${ABANDONED_LAST_ATTEMPT}
      WHERE ${ofKinds} AND state = 'running' AND locked_until < now()
        AND attempts >= max_attempts
    ),
    due AS (
      SELECT id FROM ${jobs}
      WHERE ${ofKinds}
        AND ((state = 'waiting' AND run_at <= now())
          OR (state = 'running' AND locked_until < now() AND attempts < max_attempts))
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${jobs} SET
      state = 'running',
      attempts = ${jobs.attempts} + 1,
      locked_until = now() + ${leaseMs} * interval '1 millisecond'
    FROM due WHERE ${jobs.id} = due.id
    RETURNING ${jobs.id} AS "id", ${jobs.kind} AS "kind", ${jobs.deliveryKey} AS "deliveryKey",
      ${jobs.payload} AS "payload", ${jobs.attempts} AS "attempt",
      ${jobs.maxAttempts} AS "maxAttempts"`);
  return rowsOf<ClaimedJob>(result);
}

/** The claim's own attempt still holds the job: a worker whose lease ran out changes nothing. */
const heldBy = (job: Pick<ClaimedJob, 'id' | 'attempt'>) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt));

export async function markJobDone(db: Queryable, job: ClaimedJob): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, finishedAt: sql`now()` })
    .where(heldBy(job));
}

/**
 * Records a failed attempt: due again after `retryInMs`, or failed for good when it was
 * the last attempt.
 */
export async function markJobFailed(
  db: Queryable,
  job: ClaimedJob,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(jobs)
    .set(
      retryInMs === null
        ? { state: 'failed', lockedUntil: null, lastError: error, finishedAt: sql`now()` }
        : {
            state: 'waiting',
            lockedUntil: null,
            lastError: error,
            runAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
          },
    )
    .where(heldBy(job));
}

/** Lengthens the leases of jobs still running under these claims (a long handler). */
export async function extendLeases(
  db: Queryable,
  held: readonly ClaimedJob[],
  leaseMs: number,
): Promise<void> {
  for (const job of held) {
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(heldBy(job));
  }
}

export interface JobCounts {
  waiting: number;
  running: number;
  failed: number;
  /** Seconds since the oldest job waiting became due; null when none is due. */
  oldestWaitingS: number | null;
}

/** The queue at a glance, as the console and /metrics show it. */
export async function jobCounts(db: Queryable): Promise<JobCounts> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM ${jobs} WHERE state = 'waiting')::int AS "waiting",
      (SELECT count(*) FROM ${jobs} WHERE state = 'running')::int AS "running",
      (SELECT count(*) FROM ${jobs} WHERE state = 'failed')::int AS "failed",
      (SELECT extract(epoch FROM now() - min(run_at)) FROM ${jobs}
        WHERE state = 'waiting' AND run_at <= now())::float8 AS "oldestWaitingS"`);
  const [counts] = rowsOf<JobCounts>(result);
  return counts!;
}

export interface FailedJob {
  id: number;
  kind: string;
  deliveryKey: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A page of the failed jobs, the latest failure first, with how many there are. */
export async function failedJobsPage(
  db: Queryable,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: FailedJob[]; total: number }> {
  const failed = eq(jobs.state, 'failed');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        deliveryKey: jobs.deliveryKey,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        createdAt: jobs.createdAt,
        finishedAt: jobs.finishedAt,
      })
      .from(jobs)
      .where(failed)
      .orderBy(desc(jobs.finishedAt), desc(jobs.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobs)
      .where(failed),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The job's row locked for an operator's change, or null when there is none. */
export async function lockJob(
  db: Queryable,
  jobId: number,
): Promise<{
  id: number;
  kind: string;
  deliveryKey: string;
  state: JobState;
  attempts: number;
} | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      deliveryKey: jobs.deliveryKey,
      state: jobs.state,
      attempts: jobs.attempts,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  return row ?? null;
}

/** A failed job is due again now, with its attempts counted afresh. */
export async function requeueJob(db: Queryable, jobId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'waiting', attempts: 0, runAt: sql`now()`, finishedAt: null })
    .where(eq(jobs.id, jobId));
}

/** The job never runs again; its row stays, so its delivery key keeps refusing a copy. */
export async function dropJob(db: Queryable, jobId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'dropped', finishedAt: sql`now()` })
    .where(eq(jobs.id, jobId));
}

/**
 * Deletes up to `limit` done jobs finished more than `keepDays` days ago, the oldest first;
 * answers how many. Failed and dropped jobs are the operator's and stay.
 */
export async function deleteDoneJobs(
  db: Queryable,
  keepDays: number,
  limit: number,
): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM ${jobs} WHERE ${jobs.id} IN (
      SELECT id FROM ${jobs}
      WHERE state = 'done' AND finished_at < now() - ${keepDays} * interval '1 day'
      ORDER BY finished_at
      LIMIT ${limit})
    RETURNING ${jobs.id} AS "id"`);
  return rowsOf<{ id: number }>(result).length;
}
