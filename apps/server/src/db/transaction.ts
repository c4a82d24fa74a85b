/**
 * The one way the server runs a database transaction. PostgreSQL may abort a
 * transaction that did nothing wrong: a serialization failure (40001) or a
 * deadlock (40P01) only means another transaction got there first, and the same
 * work run again succeeds or meets the rule that refuses it (a 409). So those two
 * are retried, a few times with a short random pause; everything else, a unique
 * violation included (the error handler answers it 409), goes to the caller.
 * Work that must happen only for what stands (counting credits in the metrics)
 * is registered with `afterCommit` and runs once the transaction has committed.
 */
import type { Database, Queryable, Transaction } from './client.ts';
import { sqlStateOf } from './sqlstate.ts';

export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';

const RETRYABLE = new Set([SERIALIZATION_FAILURE, DEADLOCK_DETECTED]);

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The longest pause before a retry; each pause is random up to it, growing per attempt. */
  maxPauseMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, maxPauseMs: 50 };

export function isRetryableTransactionError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== null && RETRYABLE.has(state);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database a transaction of `inTransaction` ran on, as after-commit work is handed it. */
export type TransactionDatabase = Pick<Database, 'transaction'>;
type AfterCommit = (db: TransactionDatabase) => void;

/** The after-commit work of each attempt in flight, by its transaction handle. */
const afterCommitWork = new WeakMap<Transaction, AfterCommit[]>();

/**
 * Runs `callback` once the transaction `tx` belongs to has committed, handing it
 * the database the transaction ran on; never when it rolled back, nor for an
 * attempt aborted and run again (the new attempt registers its own). For what
 * must count only work that stands, such as the credits in the metrics. It must
 * be quick and not throw: the transaction stands whatever it does, so an error
 * is only reported as a process warning. In a transaction that `inTransaction`
 * did not begin (none in the server) it is dropped.
 */
export function afterCommit(tx: Transaction, callback: AfterCommit): void {
  afterCommitWork.get(tx)?.push(callback);
}

/**
 * Runs `callback` once what was written with `db` stands: at the commit of the transaction
 * when `db` is one that `inTransaction` began (never if it rolls back), at once when `db` is
 * the database itself, whose statements each committed as they ran. For side effects of a
 * write that a caller may or may not make inside its own transaction (a security mail).
 */
export function whenCommitted(db: Queryable, callback: () => void): void {
  const work = afterCommitWork.get(db as Transaction);
  if (work) work.push(() => callback());
  else if (!('rollback' in db)) runAfterCommit([() => callback()], db);
}

function runAfterCommit(work: AfterCommit[], db: TransactionDatabase): void {
  for (const callback of work) {
    try {
      callback(db);
    } catch (error) {
      process.emitWarning(error instanceof Error ? error : String(error), 'AfterCommitWarning');
    }
  }
}

/**
 * Runs `work` in a transaction of `db`, again from the start when PostgreSQL
 * aborted it for a serialization failure or a deadlock. `work` must only touch
 * the database through `tx` (a retry repeats it whole) and leave side effects
 * such as mail until after it returns.
 */
export async function inTransaction<T>(
  db: TransactionDatabase,
  work: (tx: Transaction) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const committed: AfterCommit[] = [];
    try {
      const result = await db.transaction((tx) => {
        afterCommitWork.set(tx, committed);
        return work(tx);
      });
      runAfterCommit(committed, db);
      return result;
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryableTransactionError(error)) throw error;
      // Random, so the transactions that collided do not collide again in step.
      await pause(Math.random() * policy.maxPauseMs * attempt);
    }
  }
}
