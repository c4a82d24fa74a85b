/**
 * The jobs module's public face: other modules and the app import only this file.
 *
 * A module queues work with `enqueueJob(tx, ...)` (or many at once with `enqueueJobs`) in the transaction of the change that calls
 * for it, and registers the work's handler on `app.jobs` (`handle`, or `every` for scheduled
 * work). Handlers are called at least once per job, and more than once when a server dies
 * mid-run or a lease runs out: every handler must be idempotent by the job's delivery key
 * (docs/decisions/038).
 */
export { DEFAULT_MAX_ATTEMPTS, enqueueJob, enqueueJobs, type JobToQueue } from './enqueue-job.ts';
export {
  type HandlerOptions,
  type JobHandler,
  type JobQueue,
  jobQueueOverview,
  type JobToRun,
} from './job-queue.ts';
export { jobQueue } from './job-queue-plugin.ts';
export { default as jobRoutes } from './routes.ts';
