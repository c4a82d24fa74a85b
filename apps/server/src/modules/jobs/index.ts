/** The jobs module's public face: other modules and the app import only this file. */
export { DEFAULT_MAX_ATTEMPTS, enqueueJob, type JobToQueue } from './enqueue-job.ts';
export {
  type HandlerOptions,
  type JobHandler,
  type JobQueue,
  jobQueueOverview,
  type JobToRun,
} from './job-queue.ts';
export { jobQueue } from './job-queue-plugin.ts';
export { default as jobRoutes } from './routes.ts';
