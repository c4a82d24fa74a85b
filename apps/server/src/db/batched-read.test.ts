import { describe, expect, it } from 'vitest';
import { BatchedRead } from './batched-read.ts';

/** A read of numbers that fails its whole statement when a negative key is in it. */
function doublingRead() {
  const statements: number[][] = [];
  const read = new BatchedRead<number, number>(async (keys) => {
    statements.push(keys);
    if (keys.some((key) => key < 0)) throw new Error(`cannot read ${keys.join(',')}`);
    return keys.map((key) => key * 2);
  });
  return { read, statements };
}

describe('BatchedRead', () => {
  it('reads the keys of one turn in one statement', async () => {
    const { read, statements } = doublingRead();
    await expect(Promise.all([1, 2, 3].map((key) => read.load(key)))).resolves.toEqual([2, 4, 6]);
    expect(statements).toEqual([[1, 2, 3]]);
  });

  it('answers every other key of a batch that one key fails, and fails only that one', async () => {
    const { read, statements } = doublingRead();
    const answers = await Promise.allSettled([1, -1, 2, -2, 3].map((key) => read.load(key)));
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))).toEqual([2, 4, 6]);
    // The batch, then each key alone.
    expect(statements).toEqual([[1, -1, 2, -2, 3], [1], [-1], [2], [-2], [3]]);
  });

  it('fails a lone key once, without reading it again', async () => {
    const { read, statements } = doublingRead();
    await expect(read.load(-5)).rejects.toThrow('cannot read -5');
    expect(statements).toEqual([[-5]]);
  });

  it('reads each key alone when the batch answers the wrong number of rows', async () => {
    const statements: number[][] = [];
    const read = new BatchedRead<number, number>(async (keys) => {
      statements.push(keys);
      return keys.length > 1 ? [0] : keys;
    });
    await expect(Promise.all([7, 8].map((key) => read.load(key)))).resolves.toEqual([7, 8]);
    expect(statements).toEqual([[7, 8], [7], [8]]);
  });
});
