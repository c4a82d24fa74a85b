/**
 * The workers of the job queue (docs/decisions/038), one loop per app: claim the due
 * jobs of the kinds this app handles (`FOR UPDATE SKIP LOCKED`, so servers sharing the
 * database never take the same job), lease them, run their handlers outside the claim's
 * statement, and mark each done, due again after a backoff, or failed. A server killed
 * mid-run leaves its jobs leased; when the lease runs out another server takes them.
 * Scheduled work (`every`) is a job per interval whose delivery key names the interval,
 * so however many servers queue it, it runs once.
 */
import type { JobQueueOverview } from '@netpulse/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueJob, onJobsQueued } from './enqueue-job.ts';
import { errorText } from './error-text.ts';
import {
  claimDueJobs,
  extendLeases,
  jobCounts,
  markJobDone,
  markJobFailed,
  type ClaimedJob,
} from './jobs-repository.ts';

/** What a handler is given: the job's delivery key is what makes its work idempotent. */
export interface JobToRun {
  id: number;
  kind: string;
  deliveryKey: string;
  payload: unknown;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * Does the job's work. It may be called more than once for one delivery key (a server
 * killed mid-run, a lease that ran out), so it must be idempotent by that key. Throwing
 * fails the attempt: the job is retried with a backoff, then failed.
 */
export type JobHandler = (job: JobToRun) => Promise<void>;

export interface HandlerOptions {
  /** The first retry's wait; each next one doubles it, up to an hour. */
  retryBaseMs?: number;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (JOBS_POLL_MS). */
  pollMs: number;
  /** How long a claimed job is held before another server may take it; renewed while it runs. */
  leaseMs?: number;
  /** The most jobs one claim takes and runs at once. */
  batchSize?: number;
  log: FastifyBaseLogger;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_RETRY_BASE_MS = 1_000;
const MAX_RETRY_WAIT_MS = 3_600_000;

/** The wait before the next attempt after `attempt` failed: doubling, capped at an hour. */
export function retryWaitMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_WAIT_MS);
}

interface Schedule {
  kind: string;
  intervalMs: number;
  /** The last slot this server queued (another server may have queued it first). */
  queuedSlot: number | null;
}

export class JobQueue {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  readonly #log: FastifyBaseLogger;
  readonly #handlers = new Map<string, { handler: JobHandler; retryBaseMs: number }>();
  readonly #schedules: Schedule[] = [];
  #loop: Promise<void> | null = null;
  #stopped = false;
  /** Set when woken while busy, so the loop looks again before it sleeps. */
  #woken = false;
  #wakeSleeper: (() => void) | null = null;
  #stopWaking: (() => void) | null = null;

  constructor(db: Database, clock: Clock, options: JobQueueOptions) {
    this.#db = db;
    this.#clock = clock;
    this.#pollMs = options.pollMs;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#log = options.log;
  }

  /** Registers the handler of `kind`'s jobs (one per kind); this server then claims them. */
  handle(kind: string, handler: JobHandler, options: HandlerOptions = {}): void {
    if (this.#handlers.has(kind)) throw new Error(`jobs of kind ${kind} have a handler already`);
    this.#handlers.set(kind, {
      handler,
      retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
    });
    this.wake();
  }

  /**
   * Runs `handler` once per `intervalMs` across all servers sharing the database: each
   * interval since the epoch is a slot, queued as the job `<kind>:<slot>` by whichever
   * server comes first (the others' copies are refused by the key). The payload names
   * the slot and its start (`{ slot, startsAt }`).
   */
  every(kind: string, intervalMs: number, handler: JobHandler, options: HandlerOptions = {}) {
    if (!Number.isInteger(intervalMs) || intervalMs <= 0) {
      throw new Error(`an interval is a whole number of milliseconds, not ${intervalMs}`);
    }
    this.handle(kind, handler, options);
    this.#schedules.push({ kind, intervalMs, queuedSlot: null });
  }

  /** Starts the loop (the plugin does it once the app is ready). */
  start(): void {
    if (this.#loop) return;
    this.#stopWaking = onJobsQueued(this.#db, () => this.wake());
    this.#loop = this.#run();
  }

  /** Looks for due jobs now rather than at the next poll. */
  wake(): void {
    this.#woken = true;
    this.#wakeSleeper?.();
  }

  /** Stops claiming and waits for the jobs in flight to finish (their handlers run to the end). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopWaking?.();
    this.wake();
    await this.#loop;
  }

  /** The queue's counts across every server, as the console and /metrics show them. */
  async overview(): Promise<JobQueueOverview> {
    return jobQueueOverview(this.#db);
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      this.#woken = false;
      let ran = 0;
      try {
        await this.queueSchedules();
        ran = await this.#runBatch();
      } catch (error) {
        // The database away for a moment: the next poll tries again.
        this.#log.warn({ err: errorText(error) }, 'the job queue could not claim jobs');
      }
      if (ran === 0 && !this.#woken && !this.#stopped) await this.#sleep();
    }
  }

  /** Waits for the poll interval, or less when woken. */
  #sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(wakeUp, this.#pollMs);
      function wakeUp() {
        clearTimeout(timer);
        resolve();
      }
      this.#wakeSleeper = wakeUp;
    }).finally(() => {
      this.#wakeSleeper = null;
    });
  }

  /**
   * Queues the current slot of each schedule that this server has not queued yet (a no-op
   * when another server did). The loop calls it each round; a test calls it to know that a
   * server has tried.
   */
  async queueSchedules(): Promise<void> {
    const now = this.#clock.now().getTime();
    for (const schedule of this.#schedules) {
      const slot = Math.floor(now / schedule.intervalMs);
      if (slot === schedule.queuedSlot) continue;
      await enqueueJob(this.#db, {
        kind: schedule.kind,
        deliveryKey: `${schedule.kind}:${slot}`,
        payload: { slot, startsAt: new Date(slot * schedule.intervalMs).toISOString() },
      });
      schedule.queuedSlot = slot;
    }
  }

  /** Claims one batch and runs it to the end; answers how many jobs it ran. */
  async #runBatch(): Promise<number> {
    if (this.#handlers.size === 0) return 0;
    const claimed = await claimDueJobs(
      this.#db,
      [...this.#handlers.keys()],
      this.#batchSize,
      this.#leaseMs,
    );
    if (claimed.length === 0) return 0;
    const held = new Set(claimed);
    // A handler longer than its lease would let another server take its job: renew them.
    const renewal = setInterval(() => {
      extendLeases(this.#db, [...held], this.#leaseMs).catch((error: unknown) =>
        this.#log.warn({ err: errorText(error) }, 'the job queue could not renew its leases'),
      );
    }, this.#leaseMs / 3);
    try {
      // Each job on its own: one that throws never fails another (decision 010).
      await Promise.all(
        claimed.map(async (job) => {
          await this.#runOne(job);
          held.delete(job);
        }),
      );
    } finally {
      clearInterval(renewal);
    }
    return claimed.length;
  }

  async #runOne(job: ClaimedJob): Promise<void> {
    const registered = this.#handlers.get(job.kind)!;
    try {
      await registered.handler({
        id: job.id,
        kind: job.kind,
        deliveryKey: job.deliveryKey,
        payload: job.payload,
        attempt: job.attempt,
      });
    } catch (error) {
      const text = errorText(error);
      const last = job.attempt >= job.maxAttempts;
      this.#log.warn(
        { job: job.id, kind: job.kind, attempt: job.attempt, err: text },
        last ? 'a job failed its last attempt' : 'a job failed and will be retried',
      );
      await this.#settle(() =>
        markJobFailed(
          this.#db,
          job,
          text,
          last ? null : retryWaitMs(job.attempt, registered.retryBaseMs),
        ),
      );
      return;
    }
    await this.#settle(() => markJobDone(this.#db, job));
  }

  /** A job's ending write; if it cannot be made the lease runs out and the job runs again. */
  async #settle(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.#log.warn({ err: errorText(error) }, 'the job queue could not record a job');
    }
  }
}

/** The queue's counts across every server (the console's overview, /metrics). */
export async function jobQueueOverview(db: Database): Promise<JobQueueOverview> {
  const counts = await jobCounts(db);
  return {
    waiting: counts.waiting,
    running: counts.running,
    failed: counts.failed,
    oldest_waiting_s: counts.oldestWaitingS === null ? null : Math.round(counts.oldestWaitingS),
  };
}
