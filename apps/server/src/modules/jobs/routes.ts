/**
 * The console's side of the job queue under /v1/admin/jobs, registered inside the admin
 * scope: the failed jobs, and retrying or dropping one (audited, job-actions.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  failedJobRowSchema,
  jobQueueOverviewSchema,
  listEnvelope,
  messageEnvelopeSchema,
  pageQuerySchema,
  rowIdParam,
} from '@netpulse/shared';
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { HttpError } from '../../lib/http-error.ts';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../admin/index.ts';
import {
  dropFailedJob,
  retryFailedJob,
  type AuditWriter,
  type JobActionOutcome,
} from './job-actions.ts';
import { jobQueueOverview } from './job-queue.ts';
import { failedJobsPage } from './jobs-repository.ts';

const READ_LIMIT = rateLimit(240, '1 minute');
const WRITE_LIMIT = rateLimit(60, '1 minute');
const tags = ['admin'];
const jobParams = z.object({
  jobId: rowIdParam(ADMIN_MESSAGES.jobNotFound),
});

function answered(outcome: JobActionOutcome) {
  if (!outcome.done) throw new HttpError(outcome.status, outcome.message);
  return answer(outcome.message);
}

/**
 * The admin module's pieces, handed in by app.ts: the jobs module imports no module that
 * reaches the notices, since the notices queue jobs.
 */
export interface JobRoutesOptions {
  adminOf(request: FastifyRequest): Actor;
  writeAudit: AuditWriter;
}

const jobRoutes: FastifyPluginAsyncZod<JobRoutesOptions> = async (app, options) => {
  const { adminOf, writeAudit } = options;
  app.get(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'The job queue: waiting, running, failed, and the oldest wait',
        response: responses(dataEnvelope(jobQueueOverviewSchema), 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async () => okAnswer(await jobQueueOverview(app.db)),
  );

  app.get(
    '/jobs/failed',
    {
      schema: {
        tags,
        summary: 'The failed jobs, the latest failure first',
        querystring: pageQuerySchema,
        response: responses(listEnvelope(failedJobRowSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => {
      const { rows, total } = await failedJobsPage(app.db, request.query);
      return pageAnswer(request.query, {
        total,
        rows: rows.map((job) => ({
          id: job.id,
          kind: job.kind,
          delivery_key: job.deliveryKey,
          attempts: job.attempts,
          last_error: job.lastError,
          created_at: job.createdAt.toISOString(),
          failed_at: job.finishedAt?.toISOString() ?? null,
        })),
      });
    },
  );

  app.post(
    '/jobs/:jobId/retry',
    {
      schema: {
        tags,
        summary: 'Queue a failed job again, its attempts counted afresh (audited)',
        params: jobParams,
        response: responses(messageEnvelopeSchema, 400, 401, 403, 404, 409, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) =>
      answered(
        await retryFailedJob(
          app.db,
          writeAudit,
          adminOf(request),
          request.params.jobId,
          app.clock.now(),
        ),
      ),
  );

  app.delete(
    '/jobs/:jobId',
    {
      schema: {
        tags,
        summary: 'Drop a failed job: it will not run (audited)',
        params: jobParams,
        response: responses(messageEnvelopeSchema, 400, 401, 403, 404, 409, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) =>
      answered(
        await dropFailedJob(
          app.db,
          writeAudit,
          adminOf(request),
          request.params.jobId,
          app.clock.now(),
        ),
      ),
  );
};

export default jobRoutes;
