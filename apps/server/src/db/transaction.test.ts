import { describe, expect, it } from 'vitest';
import type { Database, Transaction } from './client.ts';
import { inTransaction } from './transaction.ts';

/** A driver error as Drizzle throws it: the SQLSTATE sits on the wrapped cause. */
const driverError = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

/** A database whose transactions fail with the given errors, in order, then run the work. */
function failingFirst(...errors: unknown[]) {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (tx: Transaction) => Promise<T>) => {
      calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return work({} as Transaction);
    },
  } as unknown as Pick<Database, 'transaction'>;
  return { db, calls: () => calls };
}

const quick = { attempts: 5, maxPauseMs: 1 };

describe('inTransaction', () => {
  it('runs the work again after a serialization failure and after a deadlock', async () => {
    const { db, calls } = failingFirst(driverError('40001'), driverError('40P01'));
    await expect(inTransaction(db, async () => 'done', quick)).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('gives up after the last attempt, with the database error', async () => {
    const errors = Array.from({ length: 5 }, () => driverError('40001'));
    const { db, calls } = failingFirst(...errors);
    await expect(inTransaction(db, async () => 'done', quick)).rejects.toBe(errors[4]);
    expect(calls()).toBe(5);
  });

  it('does not retry a unique violation or any other error', async () => {
    for (const error of [driverError('23505'), new Error('a bug')]) {
      const { db, calls } = failingFirst(error);
      await expect(inTransaction(db, async () => 'done', quick)).rejects.toBe(error);
      expect(calls()).toBe(1);
    }
  });
});
