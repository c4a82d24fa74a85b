/**
 * One page of a newest-first list and the list's size, for every request in
 * flight, in one statement. A page used to take two statements one after the
 * other (the size, then the page, whose reading direction depends on the size);
 * on this machine each statement's round trip costs more than the read itself
 * (bench/RESULTS.md), so the direction is now chosen in SQL. The statement is
 * built once and run by name (db/prepared-statement.ts): PostgreSQL then plans
 * it once per connection, where planning it each time cost more than running it.
 */
import { Column, desc, eq, is, SQL, sql, type DriverValueDecoder } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { arrayLiteral, BatchedRead, perHandle } from './batched-read.ts';
import type { Queryable } from './client.ts';
import { preparedStatement } from './prepared-statement.ts';

/** A list read newest first: its table, and which of the table's rows belong to key `k`. */
export interface PagedList {
  table: PgTable;
  /** The row's id, which also orders rows of the same time. */
  id: PgColumn;
  /** The time the list is ordered by, newest first. */
  time: PgColumn;
  /** A condition on the table's row and key k's columns. */
  rowsOfKey: SQL;
}

/** Which page of a list a request asks for. */
export interface PageKey {
  pageNumber: number;
  pageSize: number;
}

/** A key's column besides the page: its name, its PostgreSQL type, and its value. */
export interface KeyColumn<Key> {
  name: string;
  type: 'int' | 'timestamptz' | 'text';
  of: (key: Key) => number | Date | string | null;
}

/** A key's time range [from, to), either end absent when open. */
export interface TimeRangeKey {
  from: Date | null;
  to: Date | null;
}

/** The key columns `from_time` and `to_time` of a time range. */
export function timeRangeKeyColumns<Key extends TimeRangeKey>(): KeyColumn<Key>[] {
  return [
    { name: 'from_time', type: 'timestamptz', of: (key) => key.from },
    { name: 'to_time', type: 'timestamptz', of: (key) => key.to },
  ];
}

/**
 * `u`'s time range as the columns `from_time` and `to_time`, absent ends open:
 * -infinity and infinity keep an index range on the time usable for both.
 */
export const OPEN_TIME_RANGE = sql`coalesce(u.from_time, '-infinity') as from_time,
  coalesce(u.to_time, 'infinity') as to_time`;

/**
 * How key k's page is read, from its `total`, `page_number` and `page_size`.
 * An OFFSET walks every row before the page, so a page in the older half is read
 * from the oldest end instead: a page costs at most min(offset, total - offset)
 * index entries, and the last page costs what the first does. `lim` is 0 for a
 * page past the end. Bigint arithmetic: page_number * page_size may pass 2^31.
 */
const PAGE_SCAN = sql`cross join lateral (
    select (keys.page_number - 1)::bigint * keys.page_size as start) as window_start
  cross join lateral (
    select 2 * window_start.start + keys.page_size > keys.total as from_oldest,
      greatest(0, least(keys.page_size, keys.total - window_start.start)) as lim) as scan`;

// Never negative, also past the end (lim 0), since PostgreSQL checks it even there.
const pageOffset = sql`case when scan.from_oldest
    then greatest(0, keys.total - window_start.start - scan.lim) else window_start.start end`;

/**
 * The relation `page(ord, total, id)`: for each row of `keys` (a select with
 * columns `ord`, `total`, `page_number`, `page_size` and those `rowsOfKey`
 * reads as `k.<column>`), the ids of its page, or one row with a null id when
 * the page is empty, so that every key's total comes back. Each key keeps its
 * own index range scan (a lateral subquery per direction; the other direction's
 * is skipped by a one-time filter). `offset 0` keeps the keys a subquery of
 * their own, so that a total counted there is counted once, not once for each
 * place the scan reads it.
 */
function pageOfEachKey(keys: SQL, list: PagedList): SQL {
  const idsFrom = (fromOldest: boolean) => {
    const direction = fromOldest ? sql`asc` : sql`desc`;
    return sql`select ${list.id} as id from ${list.table}
      where ${list.rowsOfKey} and k.from_oldest = ${sql.raw(String(fromOldest))}
      order by ${list.time} ${direction}, ${list.id} ${direction}
      limit k.lim offset k.off`;
  };
  return sql`(select k.ord, k.total, p.id from (
      select keys.*, scan.from_oldest, scan.lim, ${pageOffset} as off
      from (${keys} offset 0) as keys ${PAGE_SCAN}) as k
    left join lateral ((${idsFrom(false)}) union all (${idsFrom(true)})) as p on true) as page`;
}

/** The 1-based number of the key a row of page belongs to, and the key's total. */
const pageOrdinal = sql<number>`page.ord`;
const pageTotal = sql<number>`page.total`;

/** How a selected column's driver value becomes its value, as drizzle would map it. */
function decoderOf(field: SelectedFieldsFlat[string]): (value: unknown) => unknown {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  // SQL's decoder (set by mapWith) is internal to drizzle's types, not to its objects.
  if (is(field, SQL)) {
    const { decoder } = field as unknown as { decoder: DriverValueDecoder<unknown, unknown> };
    return (value) => decoder.mapFromDriverValue(value);
  }
  throw new Error('a page read selects columns and SQL only');
}

/** A row of the statement: its key's ordinal and total, and a page row unless pageId is null. */
interface PageStatementRow<Row> {
  ord: number;
  total: number;
  pageId: unknown;
  row: Row;
}

/**
 * Maps the statement's rows (`ord`, `total`, `pageId`, then `columns` in their
 * order, as selected below) with each column's decoder found once: drizzle's
 * general mapping looks every field's kind up again for every value, and cost a
 * seventh of the server's time on the history's page.
 */
function pageRowMapper<Columns extends SelectedFieldsFlat>(columns: Columns) {
  const names = Object.keys(columns);
  const decoders = Object.values(columns).map(decoderOf);
  return (rows: unknown[][]): PageStatementRow<SelectResultFields<Columns>>[] =>
    rows.map((values) => {
      const row: Record<string, unknown> = {};
      names.forEach((name, index) => {
        const value = values[index + 3];
        row[name] = value === null || value === undefined ? null : decoders[index]?.(value);
      });
      return {
        ord: Number(values[0]),
        total: Number(values[1]),
        pageId: values[2],
        row: row as SelectResultFields<Columns>,
      };
    });
}

/** A key's page: its rows, newest first, and how many rows its whole list holds. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * A page read batched across the requests in flight (BatchedRead), one named
 * statement per batch: each key's page ids (pageOfEachKey), then only those rows'
 * `columns`. `keysSelect(u)` selects the keys with their totals from `u`, the
 * relation `u(<keyColumns>, page_number, page_size, ord)` of the batch's keys.
 */
export function batchedPageRead<Key extends PageKey, Columns extends SelectedFieldsFlat>(spec: {
  name: string;
  keyColumns: KeyColumn<Key>[];
  keysSelect: (u: SQL) => SQL;
  list: PagedList;
  columns: Columns;
}): (db: Queryable, key: Key) => Promise<Page<SelectResultFields<Columns>>> {
  type Row = SelectResultFields<Columns>;
  const keyColumns: KeyColumn<Key>[] = [
    ...spec.keyColumns,
    { name: 'page_number', type: 'int', of: (key) => key.pageNumber },
    { name: 'page_size', type: 'int', of: (key) => key.pageSize },
  ];
  const unnested = sql`unnest(${sql.join(
    keyColumns.map((column) => sql`${sql.placeholder(column.name)}::${sql.raw(column.type)}[]`),
    sql`, `,
  )}) with ordinality as u(${sql.raw(keyColumns.map((column) => column.name).join(', '))}, ord)`;
  const { list } = spec;
  // A right join keeps the row without an id that carries an empty page's total.
  const statement = preparedStatement<Record<string, string>, PageStatementRow<Row>[]>(
    spec.name,
    (db) =>
      db
        .select({ ord: pageOrdinal, total: pageTotal, pageId: sql`page.id`, row: spec.columns })
        .from(list.table)
        .rightJoin(pageOfEachKey(spec.keysSelect(unnested), list), eq(list.id, sql`page.id`))
        .orderBy(pageOrdinal, desc(list.time), desc(list.id)),
    pageRowMapper(spec.columns),
  );
  const batches = perHandle(
    (db: Queryable) =>
      new BatchedRead<Key, Page<Row>>(async (keys) => {
        const values = Object.fromEntries(
          keyColumns.map((column) => [column.name, arrayLiteral(keys.map(column.of))]),
        );
        const pages = keys.map((): Page<Row> => ({ rows: [], total: 0 }));
        for (const entry of await statement(db, values)) {
          const page = pages[entry.ord - 1];
          if (!page) continue;
          page.total = entry.total;
          if (entry.pageId !== null) page.rows.push(entry.row);
        }
        return pages;
      }),
  );
  return (db, key) => batches(db).load(key);
}
