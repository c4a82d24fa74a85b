/**
 * A whole newest-first list read in chunks of a bounded size, each chunk one
 * statement that starts where the previous one ended (keyset paging), so an
 * export of a million rows never holds more than one chunk and every chunk
 * costs what the first one does. Plain statements only: no server-side cursor,
 * so it runs alike on PGlite and PostgreSQL and holds no connection between chunks.
 */
import { and, desc, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from './drizzle-internals.ts';
import type { Queryable } from './client.ts';

/** Rows per statement unless a caller asks otherwise. */
export const DEFAULT_CHUNK_ROWS = 1000;

/** A list read newest first, like the paged lists (db/batched-page.ts). */
export interface ChunkedList<Columns extends SelectedFieldsFlat> {
  table: PgTable;
  /** The time the list is ordered by, newest first. */
  time: PgColumn;
  /** The row's unique id, which orders rows of the same time. */
  id: PgColumn;
  /** Which rows belong to the list (the user's, within the filters). */
  where: SQL | undefined;
  /** Rows joined to each row (at most one each) for some of its columns. */
  leftJoins?: { table: PgTable; on: SQL }[];
  columns: Columns;
}

export interface ChunkOptions {
  /** Rows per statement. */
  chunkRows?: number;
  /** Stops before the next statement once aborted (the client went away). */
  signal?: AbortSignal;
}

/**
 * Where the previous chunk ended: the last row's time as PostgreSQL prints it
 * (a JavaScript Date would drop the microseconds, and rows between would be
 * lost), and its id.
 */
interface Cursor {
  time: string;
  id: unknown;
}

/**
 * Rows after the cursor in the order time desc, id desc. Written as a bound on
 * the time plus a tiebreak rather than a row comparison, so both databases
 * read it as a range of the (user, time desc, id desc) index.
 */
function after(list: Pick<ChunkedList<SelectedFieldsFlat>, 'time' | 'id'>, cursor: Cursor): SQL {
  const time = sql`${cursor.time}::timestamptz`;
  return and(lte(list.time, time), or(lt(list.time, time), lt(list.id, cursor.id)))!;
}

/** The list's rows, newest first, a chunk at a time; stops when the list ends or the signal aborts. */
export async function* keysetChunks<Columns extends SelectedFieldsFlat>(
  db: Queryable,
  list: ChunkedList<Columns>,
  options: ChunkOptions = {},
): AsyncGenerator<SelectResultFields<Columns>[]> {
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  let cursor: Cursor | null = null;
  while (!options.signal?.aborted) {
    let rows = db
      .select({
        row: list.columns,
        cursorTime: sql<string>`${list.time}::text`,
        cursorId: list.id,
      })
      .from(list.table)
      .$dynamic();
    for (const join of list.leftJoins ?? []) rows = rows.leftJoin(join.table, join.on);
    const chunk = await rows
      .where(and(list.where, cursor ? after(list, cursor) : undefined))
      .orderBy(desc(list.time), desc(list.id))
      .limit(chunkRows);
    const last = chunk.at(-1);
    if (last) yield chunk.map((entry) => entry.row as SelectResultFields<Columns>);
    if (!last || chunk.length < chunkRows) return;
    cursor = { time: last.cursorTime, id: last.cursorId };
  }
}
