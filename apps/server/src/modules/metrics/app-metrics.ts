/**
 * The series GET /metrics serves (Prometheus text, prom-client), in a registry
 * of each app's own: never prom-client's global one, as tests build many apps in
 * one process. The process's own series (event-loop lag, memory, CPU, GC) are
 * collected once per process, in a registry every app's scrape includes, under
 * their standard names so the usual Node.js dashboards read them.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { TRANSACTION_TYPES, type TransactionType } from '@netpulse/shared';
import type { JobQueueOverview } from '@netpulse/shared';
import type { PoolState } from '../../db/query-timing.ts';
import { ErrorsPerHour } from './errors-per-hour.ts';
import { LeanHistogram, type HistogramSeries } from './lean-histogram.ts';

/** Request durations from a sub-millisecond cached read to a slow export. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Query durations: most are well under a millisecond. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | undefined;

/** The process's series, collected once however many apps the process builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type Ndt7Direction = 'download' | 'upload';

export interface AppMetricsOptions {
  /** Which driver the database is: `pglite` or `postgres`. */
  databaseKind: string;
  /** The database's connections and waiting callers, read at each scrape. */
  poolState: () => PoolState;
}

/** One app's metrics: its series, and the errors per hour the console shows. */
export class AppMetrics {
  /** What a scrape reads: this app's series and the process's. */
  readonly registry: Registry;
  /** 5xx and 4xx answers per UTC hour, for the console's overview. */
  readonly errorsPerHour = new ErrorsPerHour();

  readonly #httpDuration: LeanHistogram;
  /** The request series by route, method and status, each made on its first request. */
  readonly #httpSeries = new Map<string, Map<string, Map<number, HistogramSeries>>>();
  #inFlight = 0;
  readonly #ndt7Running: Gauge<'direction'>;
  readonly #ndt7Bytes: Counter<'direction'>;
  readonly #credits: Counter<'type'>;
  readonly #creditPoints: Counter<'type'>;
  readonly #queryDuration: HistogramSeries;
  /** The job queue's counts, read at each scrape once `observeJobQueue` is given them. */
  #jobQueue: (() => Promise<JobQueueOverview>) | null = null;

  constructor(options: AppMetricsOptions) {
    const own = new Registry();
    const registers = [own];
    this.#httpDuration = new LeanHistogram({
      name: 'netpulse_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern (or "static", "spa", "unmatched"), method and status code.',
      buckets: HTTP_BUCKETS,
      registers,
    });
    const inFlight = () => this.#inFlight;
    new Gauge({
      name: 'netpulse_http_requests_in_flight',
      help: 'HTTP requests received and not yet answered (WebSocket upgrades not included).',
      registers,
      collect() {
        this.set(inFlight());
      },
    });
    this.#ndt7Running = new Gauge({
      name: 'netpulse_ndt7_directions_running',
      help: 'ndt7 speed test directions running now, by direction.',
      labelNames: ['direction'],
      registers,
    });
    this.#ndt7Bytes = new Counter({
      name: 'netpulse_ndt7_bytes_total',
      help: 'Payload bytes the server measured moving in ndt7 directions, by direction (a run that ended unmeasured adds none).',
      labelNames: ['direction'],
      registers,
    });
    this.#credits = new Counter({
      name: 'netpulse_credits_total',
      help: 'Ledger credits committed, by transaction type.',
      labelNames: ['type'],
      registers,
    });
    this.#creditPoints = new Counter({
      name: 'netpulse_credited_points_total',
      help: 'Points (Bytes) paid by committed ledger credits, by transaction type.',
      labelNames: ['type'],
      registers,
    });
    this.#queryDuration = new LeanHistogram({
      name: 'netpulse_db_query_duration_seconds',
      help: 'Time from sending a database query to its answer (waiting for a connection not included).',
      buckets: QUERY_BUCKETS,
      registers,
    }).series();
    const driver = { driver: options.databaseKind };
    const poolGauges = [
      {
        name: 'netpulse_db_pool_connections',
        help: 'Database connections open (PGlite: its one embedded connection).',
        of: (state: PoolState) => state.connections,
      },
      {
        name: 'netpulse_db_pool_idle_connections',
        help: 'Database connections open and unused.',
        of: (state: PoolState) => state.idle,
      },
      {
        name: 'netpulse_db_pool_waiting_clients',
        help: 'Callers waiting for a database connection (PGlite: queries and transactions queued behind the one it runs).',
        of: (state: PoolState) => state.waiting,
      },
    ];
    for (const { name, help, of } of poolGauges) {
      new Gauge({
        name,
        help,
        labelNames: ['driver'],
        registers,
        collect() {
          this.set(driver, of(options.poolState()));
        },
      });
    }
    // One read of the queue per scrape serves its gauges: they are collected together.
    let pendingRead: Promise<JobQueueOverview | null> | null = null;
    const readJobQueue = () => {
      const read = this.#jobQueue;
      if (!read) return Promise.resolve(null);
      // A database away for a moment leaves the gauges out of this scrape, not the scrape out.
      pendingRead ??= read()
        .catch(() => null)
        .finally(() => {
          pendingRead = null;
        });
      return pendingRead;
    };
    new Gauge({
      name: 'netpulse_jobs',
      help: 'Jobs of the queue across every server sharing the database, by state (waiting, running, failed).',
      labelNames: ['state'],
      registers,
      async collect() {
        const queue = await readJobQueue();
        if (!queue) return;
        for (const state of ['waiting', 'running', 'failed'] as const) {
          this.set({ state }, queue[state]);
        }
      },
    });
    new Gauge({
      name: 'netpulse_jobs_oldest_waiting_seconds',
      help: 'Seconds since the oldest job waiting became due (0 when none waits).',
      registers,
      async collect() {
        const queue = await readJobQueue();
        if (queue) this.set(queue.oldest_waiting_s ?? 0);
      },
    });
    // Every label value from the start, so a rate over a type or direction never begins missing.
    for (const type of TRANSACTION_TYPES) {
      this.#credits.inc({ type }, 0);
      this.#creditPoints.inc({ type }, 0);
    }
    for (const direction of ['download', 'upload'] as const) {
      this.#ndt7Running.set({ direction }, 0);
      this.#ndt7Bytes.inc({ direction }, 0);
    }
    this.registry = Registry.merge([own, processMetrics()]);
  }

  /** A request arrived (not a WebSocket upgrade). */
  requestStarted(): void {
    this.#inFlight += 1;
  }

  /** A request counted by `requestStarted` is answered or abandoned. */
  requestEnded(): void {
    this.#inFlight -= 1;
  }

  /** A request was answered after `seconds`; `route` is its label (lib/route-label.ts). */
  requestAnswered(route: string, method: string, statusCode: number, seconds: number): void {
    let byMethod = this.#httpSeries.get(route);
    if (!byMethod) this.#httpSeries.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      series = this.#httpDuration.series({ route, method, status_code: statusCode });
      byStatus.set(statusCode, series);
    }
    series.observe(seconds);
  }

  /**
   * An ndt7 direction starts; call the function answered once it ends, with the
   * payload bytes the server measured (0 when the run ended unmeasured).
   */
  ndt7Started(direction: Ndt7Direction): (bytes: number) => void {
    this.#ndt7Running.inc({ direction });
    let ended = false;
    return (bytes) => {
      if (ended) return;
      ended = true;
      this.#ndt7Running.dec({ direction });
      if (bytes > 0) this.#ndt7Bytes.inc({ direction }, bytes);
    };
  }

  /** A ledger credit committed (arrow, to be handed as a listener). */
  readonly creditCommitted = (type: TransactionType, points: number): void => {
    this.#credits.inc({ type });
    this.#creditPoints.inc({ type }, points);
  };

  /** Reads the job queue's counts at each scrape (the jobs module's, handed in by app.ts). */
  observeJobQueue(read: () => Promise<JobQueueOverview>): void {
    this.#jobQueue = read;
  }

  /** A database query took `seconds` (arrow, to be handed to the database handle). */
  readonly queryTimed = (seconds: number): void => {
    this.#queryDuration.observe(seconds);
  };
}
