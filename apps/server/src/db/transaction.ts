/**
 * The one way the server runs a database transaction. PostgreSQL may abort a
 * transaction that did nothing wrong: a serialization failure (40001) or a
 * deadlock (40P01) only means another transaction got there first, and the same
 * work run again succeeds or meets the rule that refuses it (a 409). So those two
 * are retried, a few times with a short random pause; everything else, a unique
 * violation included (the error handler answers it 409), goes to the caller.
 */
import type { Database, Transaction } from './client.ts';
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

/**
 * Runs `work` in a transaction of `db`, again from the start when PostgreSQL
 * aborted it for a serialization failure or a deadlock. `work` must only touch
 * the database through `tx` (a retry repeats it whole) and leave side effects
 * such as mail until after it returns.
 */
export async function inTransaction<T>(
  db: Pick<Database, 'transaction'>,
  work: (tx: Transaction) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryableTransactionError(error)) throw error;
      // Random, so the transactions that collided do not collide again in step.
      await pause(Math.random() * policy.maxPauseMs * attempt);
    }
  }
}
