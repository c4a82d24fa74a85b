import { describe, expect, it } from 'vitest';
import type { Database, Transaction } from './client.ts';
import { afterCommit, inTransaction, whenCommitted } from './transaction.ts';

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

describe('afterCommit', () => {
  it('runs the work of the attempt that committed only, once, with the database', async () => {
    const { db } = failingFirst(driverError('40001'));
    const seen: unknown[] = [];
    let attempt = 0;
    const result = await inTransaction(
      db,
      async (tx) => {
        attempt += 1;
        afterCommit(tx, (database) => seen.push([`attempt ${attempt}`, database === db]));
        expect(seen).toEqual([]);
        return 'done';
      },
      quick,
    );
    expect(result).toBe('done');
    expect(seen).toEqual([['attempt 1', true]]);
  });

  it('drops the work of an attempt that was aborted and retried', async () => {
    let calls = 0;
    const db = {
      transaction: async <T>(work: (tx: Transaction) => Promise<T>) => {
        calls += 1;
        const result = await work({} as Transaction);
        // The commit of the first attempt fails: its work must not stand.
        if (calls === 1) throw driverError('40001');
        return result;
      },
    } as unknown as Pick<Database, 'transaction'>;
    const seen: number[] = [];
    await inTransaction(db, async (tx) => afterCommit(tx, () => seen.push(calls)), quick);
    expect(seen).toEqual([2]);
  });

  it('never runs the work of a transaction that rolled back', async () => {
    const { db } = failingFirst();
    const seen: string[] = [];
    const error = new Error('rolled back');
    await expect(
      inTransaction(db, async (tx) => {
        afterCommit(tx, () => seen.push('ran'));
        throw error;
      }),
    ).rejects.toBe(error);
    expect(seen).toEqual([]);
  });

  it('keeps the committed answer when a callback throws', async () => {
    const { db } = failingFirst();
    const seen: string[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await expect(
        inTransaction(db, async (tx) => {
          afterCommit(tx, () => {
            throw new Error('a broken counter');
          });
          afterCommit(tx, () => seen.push('second'));
          return 'done';
        }),
      ).resolves.toBe('done');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(seen).toEqual(['second']);
    expect(warnings).toContain('a broken counter');
  });
});

describe('whenCommitted', () => {
  it('waits for the commit inside a transaction, and never runs after a rollback', async () => {
    const seen: string[] = [];
    const { db } = failingFirst();
    await inTransaction(db, async (tx) => {
      whenCommitted(tx, () => seen.push('committed'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);
    await expect(
      inTransaction(db, async (tx) => {
        whenCommitted(tx, () => seen.push('rolled back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual(['committed']);
  });

  it('runs at once on the database itself, whose statements committed as they ran', () => {
    const seen: string[] = [];
    const { db } = failingFirst();
    whenCommitted(db as Database, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});
