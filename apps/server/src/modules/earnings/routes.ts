/**
 * The earnings read models under /v1/api (spec section 7): dashboard stats and
 * chart, transaction history, earnings per cycle. Each reads only the
 * signed-in user's ledger.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardStatsSchema,
  dataEnvelope,
  earningRowSchema,
  earningsChartSchema,
  listEnvelope,
  transactionRowSchema,
  transactionsExportQuerySchema,
  transactionsQuerySchema,
} from '@netpulse/shared';
import { CSV_EXPORT_RATE_LIMIT, csvExportResponse, sendCsvExport } from '../../lib/csv-export.ts';
import { okAnswer, responses } from '../../lib/replies.ts';
import type { ExportSlots } from '../../lib/export-slots.ts';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import {
  dashboardStats,
  earningsBySeason,
  earningsChart,
  transactionHistory,
  transactionsExport,
} from './earnings-service.ts';

const READ_RATE_LIMIT = rateLimit(120, '1 minute');
const tags = ['earnings'];

export interface EarningsRoutesOptions {
  /** Rows per statement of the CSV export (db/keyset-chunks.ts); tests make it small. */
  exportChunkRows?: number;
  /** The exports each account has running, shared with the other export. */
  exportSlots: ExportSlots;
}

const earningsRoutes: FastifyPluginAsyncZod<EarningsRoutesOptions> = async (app, options) => {
  app.get(
    '/dashboard-stats',
    {
      schema: {
        tags,
        summary: 'Today’s, this cycle’s and all-time earnings, and the referral links',
        response: responses(dataEnvelope(dashboardStatsSchema), 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => okAnswer(await dashboardStats(app, sessionUserOf(request).id)),
  );

  app.get(
    '/dashboard/seasons/chart',
    {
      schema: {
        tags,
        summary: 'Earnings per UTC day of the current cycle’s last 14 days, in four series',
        response: responses(dataEnvelope(earningsChartSchema), 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => okAnswer(await earningsChart(app, sessionUserOf(request).id)),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'The transaction history, newest first; dates are UTC days, both inclusive',
        querystring: transactionsQuerySchema,
        response: responses(listEnvelope(transactionRowSchema), 400, 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) =>
      pageAnswer(
        request.query,
        await transactionHistory(app, sessionUserOf(request).id, request.query),
      ),
  );

  app.get(
    '/transactions/export',
    {
      schema: {
        tags,
        summary:
          'The transaction history as a CSV download, with the list’s filters, newest first, streamed',
        querystring: transactionsExportQuerySchema,
        response: responses(csvExportResponse, 400, 401, 429),
      },
      config: CSV_EXPORT_RATE_LIMIT,
    },
    async (request, reply) =>
      sendCsvExport(
        request,
        reply,
        transactionsExport(app, sessionUserOf(request).id, request.query, options.exportChunkRows),
        options.exportSlots,
      ),
  );

  app.get(
    '/earnings/seasons',
    {
      schema: {
        tags,
        summary: 'Earnings per cycle that has started, newest first',
        response: responses(listEnvelope(earningRowSchema), 401, 429),
      },
      config: READ_RATE_LIMIT,
    },
    async (request) => {
      const rows = await earningsBySeason(app, sessionUserOf(request).id);
      // Every cycle fits one page.
      const onePage = { pageNumber: 1, pageSize: Math.max(1, rows.length) };
      return pageAnswer(onePage, { rows, total: rows.length });
    },
  );
};

export default earningsRoutes;
