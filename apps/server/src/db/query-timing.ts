/**
 * Times the queries of a database handle for the metrics, wrapping its driver's
 * query path once when it is opened (client.ts): PGlite's `query` and the
 * `query` of each transaction it opens; with node-postgres, the `query` of each
 * pooled connection (the pool's own `query` goes through one, so nothing counts
 * twice). A query costs a timestamp and the promise that ends its timing; with
 * no observer, only the count of callers waiting is kept.
 */
import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told each query's duration, in seconds. */
export type QueryObserver = (seconds: number) => void;

/** The connections of a handle and the callers waiting for one. */
export interface PoolState {
  /** Connections open (PGlite: always 1, the embedded database). */
  connections: number;
  /** Connections open and unused. */
  idle: number;
  /** Callers waiting for a connection (PGlite: queries and transactions queued behind the one running). */
  waiting: number;
}

/** The observer of one handle; the app sets it when built and clears it when closed. */
export class QueryTiming {
  observer: QueryObserver | null = null;

  /** Ends the timing of a query begun at `startMs` (performance.now()). */
  end(startMs: number): void {
    this.observer?.((performance.now() - startMs) / 1000);
  }

  /** `running`, timed: it settles as it would have, once the timing has ended. */
  timed<T>(running: Promise<T>, startMs: number): Promise<T> {
    return running.finally(() => this.end(startMs));
  }
}

type PgliteQuery = PGlite['query'];

/**
 * Times PGlite's queries, and counts the callers it serves one at a time: the
 * queries outside a transaction and the transactions, each from its call to
 * its end, so all but one of them are waiting.
 */
export function timePglite(client: PGlite, timing: QueryTiming): () => PoolState {
  let pending = 0;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: object) => {
    const start = performance.now();
    pending += 1;
    return query(text, params, options).finally(() => {
      pending -= 1;
      timing.end(start);
    });
  }) as PgliteQuery;

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: PgliteTransaction) => Promise<T>) => {
    pending += 1;
    return transaction((tx) => {
      // A plain object per transaction, whose queries go around client.query.
      const txQuery = tx.query;
      tx.query = ((text: string, params?: unknown[], options?: object) =>
        timing.timed(txQuery(text, params, options), performance.now())) as PgliteQuery;
      return callback(tx);
    }).finally(() => {
      pending -= 1;
    });
  }) as PGlite['transaction'];

  return () => ({ connections: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) });
}

type QueryCallback = (error: Error, result: unknown) => void;

/** Times the queries of every connection the pool opens; reads its counts. */
export function timePool(pool: pg.Pool, timing: QueryTiming): () => PoolState {
  pool.on('connect', (client) => {
    const query = client.query as (...args: unknown[]) => unknown;
    client.query = function timedQuery(
      this: pg.PoolClient,
      config: unknown,
      values?: unknown,
      callback?: unknown,
    ) {
      // A stream (cursor) answers no promise to time: it runs as it is.
      if (typeof (config as { submit?: unknown } | null)?.submit === 'function') {
        return query.call(this, config, values, callback);
      }
      const start = performance.now();
      // pg-pool's own `query` hands a callback, drizzle awaits the promise.
      if (typeof callback === 'function') {
        return query.call(this, config, values, (error: Error, result: unknown) => {
          timing.end(start);
          (callback as QueryCallback)(error, result);
        });
      }
      if (typeof values === 'function') {
        return query.call(this, config, (error: Error, result: unknown) => {
          timing.end(start);
          (values as QueryCallback)(error, result);
        });
      }
      return timing.timed(query.call(this, config, values) as Promise<unknown>, start);
    } as pg.PoolClient['query'];
  });
  return () => ({
    connections: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
}
