/**
 * The speed test API under /v1/api (docs/ARCHITECTURE.md section 5): open a test,
 * complete it, and the network statistics table. The measuring itself happens
 * on the ndt7 WebSockets (ndt7/routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completedSpeedtestSchema,
  completeSpeedtestRequestSchema,
  dataEnvelope,
  listEnvelope,
  networkStatRowSchema,
  openSpeedtestRequestSchema,
  pageQuerySchema,
  speedHistoryQuerySchema,
  speedHistorySchema,
  speedtestParamsSchema,
  speedtestReceiptSchema,
  pointsExportQuerySchema,
  POINTS_MESSAGES,
  speedtestQuotaSchema,
  speedtestSessionSchema,
} from '@netpulse/shared';
import { CSV_EXPORT_RATE_LIMIT, csvExportResponse, sendCsvExport } from '../../lib/csv-export.ts';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import type { ExportSlots } from '../../lib/export-slots.ts';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import {
  completeSpeedtest,
  networkStatsPage,
  openSpeedtest,
  speedHistory,
  speedtestReceipt,
  pointsExport,
  type SpeedtestContext,
} from './speedtest-service.ts';
import { speedtestQuota } from './speedtest-quota.ts';

export interface SpeedtestRoutesOptions extends Pick<SpeedtestContext, 'tickets' | 'runs'> {
  /** Rows per statement of the CSV export (db/keyset-chunks.ts); tests make it small. */
  exportChunkRows?: number;
  /** The exports each account has running, shared with the other export. */
  exportSlots: ExportSlots;
}

const speedtestRoutes: FastifyPluginAsyncZod<SpeedtestRoutesOptions> = async (app, options) => {
  const context: SpeedtestContext = {
    db: app.db,
    clock: app.clock,
    config: app.config,
    completions: app.completions,
    tickets: options.tickets,
    runs: options.runs,
  };

  app.post(
    '/speedtests',
    {
      schema: {
        tags: ['speedtests'],
        summary:
          'Open a speed test: the ndt7 URLs, each with a one-time ticket; a browser node names itself (optional body)',
        body: openSpeedtestRequestSchema,
        response: responses(dataEnvelope(speedtestSessionSchema), 400, 401, 404, 429),
      },
      // An extension node opens its tests with its own session (docs/decisions/026).
      config: { ...rateLimit(30, '1 minute'), nodeSession: true },
    },
    async (request) => {
      const { id, sessionId } = sessionUserOf(request);
      return answer(
        POINTS_MESSAGES.speedtestOpened,
        await openSpeedtest(
          context,
          { userId: id, sessionId, nodeId: request.body.nodeId },
          request.ip,
        ),
      );
    },
  );

  app.get(
    '/speedtests/quota',
    {
      schema: {
        tags: ['speedtests'],
        summary: "Today's credited tests against the daily limit, and when the next may open",
        response: responses(dataEnvelope(speedtestQuotaSchema), 401, 429),
      },
      // The extension's popup and its scheduler read it with the node's session.
      config: { ...rateLimit(120, '1 minute'), nodeSession: true },
    },
    async (request) => okAnswer(await speedtestQuota(context, sessionUserOf(request).id)),
  );

  app.post(
    '/points',
    {
      schema: {
        tags: ['speedtests'],
        summary: 'Complete a measured speed test and credit its points (once)',
        body: completeSpeedtestRequestSchema,
        response: responses(dataEnvelope(completedSpeedtestSchema), 400, 401, 404, 409, 429),
      },
      // An extension node completes its tests with its own session.
      config: { ...rateLimit(30, '1 minute'), nodeSession: true },
    },
    async (request) =>
      answer(
        POINTS_MESSAGES.speedtestCredited,
        await completeSpeedtest(context, sessionUserOf(request).id, request.body),
      ),
  );

  app.get(
    '/points',
    {
      schema: {
        tags: ['speedtests'],
        summary: 'The network statistics table: credited tests, newest first',
        querystring: pageQuerySchema,
        response: responses(listEnvelope(networkStatRowSchema), 400, 401, 429),
      },
      config: rateLimit(120, '1 minute'),
    },
    async (request) =>
      pageAnswer(
        request.query,
        await networkStatsPage(context, sessionUserOf(request).id, request.query),
      ),
  );
  app.get(
    '/points/history',
    {
      schema: {
        tags: ['speedtests'],
        summary:
          "Download and upload of this cycle's credited tests, oldest first, optionally one node's",
        querystring: speedHistoryQuerySchema,
        response: responses(dataEnvelope(speedHistorySchema), 400, 401, 404, 429),
      },
      config: rateLimit(60, '1 minute'),
    },
    async (request) =>
      okAnswer(await speedHistory(context, sessionUserOf(request).id, request.query)),
  );

  app.get(
    '/points/:testId/receipt',
    {
      schema: {
        tags: ['speedtests'],
        summary: "A credited test's points factor by factor, and the commission it paid",
        params: speedtestParamsSchema,
        response: responses(dataEnvelope(speedtestReceiptSchema), 400, 401, 404, 429),
      },
      config: rateLimit(120, '1 minute'),
    },
    async (request) =>
      okAnswer(await speedtestReceipt(context, sessionUserOf(request).id, request.params.testId)),
  );

  app.get(
    '/points/export',
    {
      schema: {
        tags: ['speedtests'],
        summary:
          'The network statistics as a CSV download: credited tests between UTC days, optionally one node’s, newest first, streamed',
        querystring: pointsExportQuerySchema,
        response: responses(csvExportResponse, 400, 401, 404, 429),
      },
      config: CSV_EXPORT_RATE_LIMIT,
    },
    async (request, reply) =>
      sendCsvExport(
        request,
        reply,
        await pointsExport(
          context,
          sessionUserOf(request).id,
          request.query,
          options.exportChunkRows,
        ),
        options.exportSlots,
      ),
  );
};

export default speedtestRoutes;
