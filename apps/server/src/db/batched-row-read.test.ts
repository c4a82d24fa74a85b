import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/test-database.ts';
import { batchedRowRead } from './batched-row-read.ts';
import type { DatabaseHandle } from './client.ts';

interface Key {
  number: number;
  label: string;
}

/** Each key's number doubled and its label, except for odd numbers, which have no row. */
const doubledEvens = batchedRowRead({
  name: 'test_doubled_evens',
  keyFields: {
    number: { type: 'int', of: (key: Key) => key.number },
    label: { type: 'text', of: (key: Key) => key.label },
  },
  statement: ({ keys, key, ordinal }) =>
    sql`select ${ordinal}, ${key.number} * 2 as doubled, ${key.label} as label
      from ${keys} where ${key.number} % 2 = 0`,
  answerOf: (row: { doubled: number | string; label: string }) => ({
    doubled: Number(row.doubled),
    label: row.label,
  }),
});

describe('batchedRowRead', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await freshDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers each key of a batch its own row, and undefined for a key without one', async () => {
    const keys: Key[] = [
      { number: 8, label: 'Eight' },
      { number: 3, label: 'Three' },
      { number: 2, label: 'Two' },
      { number: 8, label: 'Again' },
    ];
    await expect(Promise.all(keys.map((key) => doubledEvens(database.db, key)))).resolves.toEqual([
      { doubled: 16, label: 'Eight' },
      undefined,
      { doubled: 4, label: 'Two' },
      { doubled: 16, label: 'Again' },
    ]);
  });

  it('refuses a statement that does not select the ordinal', async () => {
    const withoutOrdinal = batchedRowRead({
      name: 'test_without_ordinal',
      keyFields: { number: { type: 'int', of: (key: number) => key } },
      statement: ({ keys, key }) => sql`select ${key.number} as number from ${keys}`,
      answerOf: (row: { number: number }) => row.number,
    });
    await expect(withoutOrdinal(database.db, 1)).rejects.toThrow('must select its ordinal');
  });

  it('builds its statement once, when declared, and runs it for every batch', async () => {
    let built = 0;
    const squares = batchedRowRead({
      name: 'test_squares',
      keyFields: { number: { type: 'int', of: (key: number) => key } },
      statement: ({ keys, key, ordinal }) => {
        built += 1;
        return sql`select ${ordinal}, ${key.number} * ${key.number} as square from ${keys}`;
      },
      answerOf: (row: { square: number | string }) => Number(row.square),
    });
    expect(built).toBe(1);
    await expect(Promise.all([squares(database.db, 3), squares(database.db, 4)])).resolves.toEqual([
      9, 16,
    ]);
    await expect(squares(database.db, 5)).resolves.toBe(25);
    expect(built).toBe(1);
  });
});
