import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/test-database.ts';
import { batchedPageRead, type PageKey } from './batched-page.ts';
import type { DatabaseHandle } from './client.ts';

/** A list per owner: `owner` has `owner` rows, some sharing a time so the id breaks the tie. */
const listRows = pgTable('paged_list_rows', {
  id: integer('id').primaryKey(),
  owner: integer('owner').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const OWNERS = [0, 1, 2, 5, 10, 11, 37];

interface Key extends PageKey {
  owner: number;
}

/** Pages of the owners' lists; each list's total is its owner's number. */
const listPage = batchedPageRead({
  name: 'test_list_page',
  keyFields: { owner: { type: 'int', of: (key: Key) => key.owner } },
  total: (key) => key.owner,
  list: {
    table: listRows,
    id: listRows.id,
    time: listRows.at,
    rowsOfKey: (key) => eq(listRows.owner, key.owner),
  },
  columns: { id: listRows.id },
});

/** The keys' pages, asked for in the same turn of the event loop: one statement. */
function pagesOf(database: DatabaseHandle, keys: Key[]) {
  return Promise.all(keys.map((key) => listPage(database.db, key)));
}

/** The ids of an owner's list newest first, as an OFFSET over the whole list reads them. */
function expectedPage(newestFirst: number[], key: Key): number[] {
  const offset = (key.pageNumber - 1) * key.pageSize;
  return newestFirst.slice(offset, offset + key.pageSize);
}

describe('readPages', () => {
  let database: DatabaseHandle;
  const newestFirst = new Map<number, number[]>();

  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`create table paged_list_rows (
      id integer primary key, owner integer not null, at timestamptz not null)`);
    let id = 0;
    for (const owner of OWNERS) {
      const rows: { id: number; at: Date }[] = [];
      for (let index = 0; index < owner; index++) {
        // Three rows to a minute, inserted out of order: only (at, id) orders them.
        id += 7;
        rows.push({
          id: (id * 13) % 1009,
          at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(index / 3))),
        });
      }
      if (rows.length > 0)
        await database.db.insert(listRows).values(rows.map((row) => ({ ...row, owner })));
      newestFirst.set(
        owner,
        rows.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((row) => row.id),
      );
    }
  });

  afterAll(async () => {
    await database.close();
  });

  it('reads every page as an OFFSET would, from either end, all in one statement', async () => {
    const keys: Key[] = [];
    for (const owner of OWNERS) {
      for (const pageSize of [1, 2, 3, 10]) {
        for (let pageNumber = 1; pageNumber <= Math.ceil(owner / pageSize) + 1; pageNumber++) {
          keys.push({ owner, pageNumber, pageSize });
        }
      }
    }
    const pages = await pagesOf(database, keys);
    expect(pages).toHaveLength(keys.length);
    keys.forEach((key, index) => {
      const ids = newestFirst.get(key.owner) ?? [];
      expect(pages[index], JSON.stringify(key)).toEqual({
        total: key.owner,
        rows: expectedPage(ids, key).map((id) => ({ id })),
      });
    });
  });

  it('gives a page far past the end no rows and the total, whatever its number', async () => {
    const [page] = await pagesOf(database, [{ owner: 37, pageNumber: 1_000_000, pageSize: 100 }]);
    expect(page).toEqual({ total: 37, rows: [] });
  });

  it('answers the other keys of a batch whose statement one key fails', async () => {
    // 2^31 is not an int: PostgreSQL refuses the whole statement's parameters.
    const poisoned: Key = { owner: 11, pageNumber: 2 ** 31, pageSize: 1 };
    const valid: Key[] = [
      { owner: 10, pageNumber: 1, pageSize: 3 },
      { owner: 37, pageNumber: 13, pageSize: 3 },
    ];
    const answers = await Promise.allSettled(
      [valid[0]!, poisoned, valid[1]!].map((key) => listPage(database.db, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const [index, key] of [valid[0]!, valid[1]!].entries()) {
      const answer = answers[index * 2];
      expect(answer?.status === 'fulfilled' && answer.value).toEqual({
        total: key.owner,
        rows: expectedPage(newestFirst.get(key.owner) ?? [], key).map((id) => ({ id })),
      });
    }
  });
});
