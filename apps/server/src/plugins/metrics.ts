/**
 * The app's metrics (lib/app-metrics.ts), decorated as `app.metrics`: every
 * request's duration by route pattern and status, the requests in flight, the
 * failed answers per hour, the database's query durations and pool, and the
 * credits that committed. GET /metrics (modules/metrics) serves them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import { AppMetrics } from '../lib/app-metrics.ts';
import { routeLabelOf } from '../lib/route-label.ts';
import { onCommittedCredits } from '../modules/ledger/index.ts';

export default fp(
  async function metrics(app: FastifyInstance, options: { database: DatabaseHandle }) {
    const { database } = options;
    const metrics = new AppMetrics({ databaseKind: database.kind, poolState: database.poolState });
    app.decorate('metrics', metrics);
    database.observeQueries(metrics.queryTimed);
    const stopCountingCredits = onCommittedCredits(database.db, metrics.creditCommitted);

    // A request leaves the in-flight count when its response closes: answered,
    // or abandoned by the client (then no onResponse comes).
    const requestEnded = () => metrics.requestEnded();
    app.addHook('onRequest', (request, reply, done) => {
      // A WebSocket upgrade (ndt7) that is accepted never gets an answer of its
      // own; the ndt7 gauge counts it instead. A refused one is still timed below.
      if (request.headers.upgrade === undefined) {
        metrics.requestStarted();
        reply.raw.on('close', requestEnded);
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const { statusCode } = reply;
      // The route's pattern (`/v1/api/points/:testId/receipt`), never the raw URL,
      // and one label for all static files and one for all pages, so the label's
      // values stay as few as the API's routes.
      const route = routeLabelOf(request);
      metrics.requestAnswered(route, request.method, statusCode, reply.elapsedTime / 1000);
      if (statusCode >= 400) metrics.errorsPerHour.record(statusCode, app.clock.now());
      done();
    });

    app.addHook('onClose', async () => {
      database.observeQueries(null);
      stopCountingCredits();
    });
  },
  { name: 'metrics' },
);
