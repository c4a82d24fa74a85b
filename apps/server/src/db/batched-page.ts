/**
 * One page of a newest-first list and the list's size, for every request in
 * flight, in one named statement (db/prepared-statement.ts): the reading
 * direction, which depends on the size, is chosen in SQL, so a page costs one
 * round trip (docs/decisions/009 and 015).
 */
import { Column, desc, eq, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from './drizzle-internals.ts';
import {
  columnNameOf,
  keyRefs,
  ordinalIn,
  unnestedKeys,
  type KeyFields,
  type KeyRefs,
} from './batch-keys.ts';
import { arrayLiteral, BatchedRead, perHandle } from './batched-read.ts';
import type { Queryable } from './client.ts';
import { decoderOfSql } from './drizzle-internals.ts';
import { preparedStatement } from './prepared-statement.ts';

/** A list read newest first: its table, and which of the table's rows belong to a key. */
export interface PagedList<Name extends string> {
  table: PgTable;
  /** The row's id, which also orders rows of the same time. */
  id: PgColumn;
  /** The time the list is ordered by, newest first. */
  time: PgColumn;
  /** A condition on the table's row and the key's values. */
  rowsOfKey: (key: KeyRefs<Name>) => SQL | undefined;
  /**
   * Tables left-joined to a page's rows for more of their columns (a name from
   * a row's node, say): joined to the page's rows only, so they cost what the
   * page does, whatever the list's size. A row without a match still shows.
   */
  leftJoins?: { table: PgTable; on: SQL }[];
}

/** Which page of a list a request asks for. */
export interface PageKey {
  pageNumber: number;
  pageSize: number;
}

/** A key's time range [from, to), either end absent when open. */
export interface TimeRangeKey {
  from: Date | null;
  to: Date | null;
}

/** The key fields `fromTime` and `toTime` of a time range, null when open. */
export function timeRangeKeyFields<Key extends TimeRangeKey>(): KeyFields<
  Key,
  'fromTime' | 'toTime'
> {
  return {
    fromTime: { type: 'timestamptz', of: (key) => key.from },
    toTime: { type: 'timestamptz', of: (key) => key.to },
  };
}

/**
 * A key's time range with absent ends open: -infinity and infinity keep an
 * index range on the time usable for both.
 */
export function openTimeRange(given: KeyRefs<'fromTime' | 'toTime'>) {
  return {
    fromTime: sql`coalesce(${given.fromTime}, '-infinity')`,
    toTime: sql`coalesce(${given.toTime}, 'infinity')`,
  };
}

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
 * reads), the ids of its page, or one row with a null id when the page is
 * empty, so that every key's total comes back. Each key keeps its own index
 * range scan (a lateral subquery per direction; the other direction's is
 * skipped by a one-time filter). `offset 0` keeps the keys a subquery of their
 * own, so that a total counted there is counted once, not once for each place
 * the scan reads it.
 */
function pageOfEachKey(keys: SQL, list: Omit<PagedList<string>, 'rowsOfKey'>, rowsOfKey: SQL): SQL {
  const idsFrom = (fromOldest: boolean) => {
    const direction = fromOldest ? sql`asc` : sql`desc`;
    return sql`select ${list.id} as id from ${list.table}
      where ${rowsOfKey} and k.from_oldest = ${sql.raw(String(fromOldest))}
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
  if (is(field, SQL)) {
    const decoder = decoderOfSql(field);
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
 * general mapping looks every field's kind up again for every value, which is
 * dear on a page of many rows (docs/decisions/009).
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

/** The kit's names in the statement: the unnested keys, and a key with its total. */
const GIVEN = 'u';
const KEY = 'k';
/** Columns of the kit's own in a key's row: a key field must not take their names. */
const KIT_COLUMNS = new Set([
  'ord',
  'total',
  'page_number',
  'page_size',
  'from_oldest',
  'lim',
  'off',
]);

function checkFieldNames(spec: { name: string }, fields: string[]): void {
  for (const field of fields) {
    if (KIT_COLUMNS.has(columnNameOf(field))) {
      throw new Error(`${spec.name}: a key's field may not be named ${field}`);
    }
  }
}

/** A page read, batched; see batchedPageRead. */
export interface PageReadSpec<
  Key extends PageKey,
  Given extends string,
  Values extends string,
  Columns extends SelectedFieldsFlat,
> {
  /** The statement's name, unique in the process. */
  name: string;
  /** The key's fields besides the page, each bound as one array per batch. */
  keyFields: KeyFields<Key, Given>;
  /**
   * The values `total` and the list read of a key, by name, from its given
   * fields; the given fields as they are when absent.
   */
  keyValues?: (given: KeyRefs<Given>) => Record<Values, SQL>;
  /**
   * A row joined to each key (at most one, a left join), whose columns
   * keyValues may read: a total kept on a row is then read by the join.
   */
  keyRow?: { table: PgTable; on: (given: KeyRefs<Given>) => SQL };
  /** How many rows the key's whole list holds. */
  total: (key: KeyRefs<Values>) => SQL;
  list: PagedList<Values>;
  /** The columns of a page's rows. */
  columns: Columns;
}

/**
 * The select of the batch's keys with their values and totals: `k(<values>,
 * page_number, page_size, ord, total)`, from `keysFrom`: `u(<given fields>,
 * page_number, page_size, ord)`, the batch's keys as bound, with each key's row
 * joined when the read has one.
 */
function keysWithTotals(
  given: KeyRefs<string>,
  values: Record<string, SQL>,
  total: SQL,
  keysFrom: SQL,
) {
  const valueColumns = Object.entries(values).map(([field, value]) => {
    // A given field passed on as it is needs no alias.
    return value === given[field] ? value : sql`${value} as ${sql.raw(columnNameOf(field))}`;
  });
  const pageColumns = keyRefs(GIVEN, ['pageNumber', 'pageSize']);
  return sql`select ${sql.raw(KEY)}.*, ${total} as total from (
      select ${sql.join(valueColumns, sql`, `)}, ${pageColumns.pageNumber}, ${pageColumns.pageSize},
        ${ordinalIn(GIVEN)}
      from ${keysFrom}) as ${sql.raw(KEY)}`;
}

/**
 * A page read batched across the requests in flight (BatchedRead), one named
 * statement per batch: each key's values and total (keysWithTotals), its page
 * ids (pageOfEachKey), then only those rows' `columns`.
 */
export function batchedPageRead<
  Key extends PageKey,
  Given extends string,
  Columns extends SelectedFieldsFlat,
  Values extends string = Given,
>(
  spec: PageReadSpec<Key, Given, Values, Columns>,
): (db: Queryable, key: Key) => Promise<Page<SelectResultFields<Columns>>> {
  type Row = SelectResultFields<Columns>;
  const keyFields: KeyFields<Key, Given | 'pageNumber' | 'pageSize'> = {
    ...spec.keyFields,
    pageNumber: { type: 'int', of: (key) => key.pageNumber },
    pageSize: { type: 'int', of: (key) => key.pageSize },
  };
  const fieldNames = Object.keys(keyFields) as (Given | 'pageNumber' | 'pageSize')[];
  const given = keyRefs(GIVEN, Object.keys(spec.keyFields) as Given[]);
  const values = spec.keyValues?.(given) ?? (given as unknown as Record<Values, SQL>);
  checkFieldNames(spec, [...Object.keys(spec.keyFields), ...Object.keys(values)]);
  // The keys' select and the page scan both call a key k, so one set of references serves both.
  const keyColumns = keyRefs(KEY, Object.keys(values) as Values[]);
  const rowsOfKey = spec.list.rowsOfKey(keyColumns);
  if (!rowsOfKey) throw new Error(`${spec.name}: a list needs a condition on its key`);
  const unnested = unnestedKeys(
    keyFields,
    GIVEN,
    (field) => sql`${sql.placeholder(columnNameOf(field))}`,
  );
  const keysFrom = spec.keyRow
    ? sql`${unnested} left join ${spec.keyRow.table} on ${spec.keyRow.on(given)}`
    : unnested;
  const keys = keysWithTotals(given, values, spec.total(keyColumns), keysFrom);
  const { list } = spec;
  // A right join keeps the row without an id that carries an empty page's total.
  const statement = preparedStatement<Record<string, string>, PageStatementRow<Row>[]>(
    spec.name,
    (db) => {
      let rows = db
        .select({ ord: pageOrdinal, total: pageTotal, pageId: sql`page.id`, row: spec.columns })
        .from(list.table)
        .$dynamic();
      for (const join of list.leftJoins ?? []) rows = rows.leftJoin(join.table, join.on);
      return rows
        .rightJoin(pageOfEachKey(keys, list, rowsOfKey), eq(list.id, sql`page.id`))
        .orderBy(pageOrdinal, desc(list.time), desc(list.id));
    },
    pageRowMapper(spec.columns),
  );
  const batches = perHandle(
    (db: Queryable) =>
      new BatchedRead<Key, Page<Row>>(async (batch) => {
        const bound = Object.fromEntries(
          fieldNames.map((field) => [
            columnNameOf(field),
            arrayLiteral(batch.map(keyFields[field].of)),
          ]),
        );
        const pages = batch.map((): Page<Row> => ({ rows: [], total: 0 }));
        for (const entry of await statement(db, bound)) {
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
