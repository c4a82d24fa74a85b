import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/test-database.ts';
import { arrayLiteral, rowsOf } from './batched-read.ts';
import type { DatabaseHandle } from './client.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** The texts as the database reads them back from one array-literal parameter. */
async function roundTrip(texts: (string | null)[]) {
  const result = await database.db.execute(
    sql`select value from unnest(${arrayLiteral(texts)}::text[]) with ordinality as t(value, ord) order by ord`,
  );
  return rowsOf<{ value: string | null }>(result).map((row) => row.value);
}

describe('arrayLiteral', () => {
  it('carries any text through one parameter unchanged, nulls included', async () => {
    const texts = [
      'daily:7:2026-03-10',
      'Daily Claim',
      'a "quoted" word',
      'back\\slash\\',
      '\\"',
      '{,}',
      'NULL',
      '',
      ' spaced ',
      "it's; drop table users; --",
      'ünïcødé 🚀',
      null,
    ];
    expect(await roundTrip(texts)).toEqual(texts);
  });
});
