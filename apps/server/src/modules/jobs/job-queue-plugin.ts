/**
 * The app's job queue (docs/decisions/038), decorated as `app.jobs`: modules register
 * their handlers (`app.jobs.handle`) and scheduled work (`app.jobs.every`) as they are
 * registered; the workers start once the app is ready and stop with it, finishing the
 * jobs they hold.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from './job-queue.ts';
import { schedulePruning } from './prune-done-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's workers and schedules (modules/jobs/job-queue.ts). */
    jobs: JobQueue;
  }
}

export const jobQueue = fp(
  async (app: FastifyInstance) => {
    const queue = new JobQueue(app.db, app.clock, {
      pollMs: app.config.JOBS_POLL_MS,
      leaseMs: app.config.JOBS_LEASE_MS,
      log: app.log.child({ module: 'jobs' }),
    });
    app.decorate('jobs', queue);
    schedulePruning(queue, app.db, app.config.JOBS_KEEP_DONE_DAYS);
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'job-queue' },
);
