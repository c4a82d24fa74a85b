/**
 * Statements of the hot write paths, built once per process and run by name.
 * Drizzle's query building costs more server CPU than the round trip itself
 * (a few hundred µs for a statement with CTEs and joins, measured under the
 * ingest benchmark), and PostgreSQL parses and plans a named statement once
 * per connection instead of at every call.
 *
 * Every value that differs between calls must be a `sql.placeholder(name)`,
 * filled from `values` at each run: any other value is fixed by the first build.
 */
import type { Query } from 'drizzle-orm';
import type { Queryable } from './client.ts';

interface PreparedQuery<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

interface Preparable<TResult> {
  prepare(name: string): PreparedQuery<TResult>;
}

/**
 * What drizzle's prepared query keeps besides its SQL: how it maps result rows
 * (the selected fields, or a custom mapper, and which joined tables may be
 * null). Read from the first prepared query so that later ones, made for other
 * sessions, map rows exactly as the query builder would.
 */
interface RowMapping {
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
}

interface BuiltStatement {
  query: Query;
  mapping: RowMapping;
  arrayMode: boolean;
}

/**
 * Answers a function that runs the statement `build` makes in `db` (a
 * transaction or the database) with `values` for its placeholders. `build`
 * runs once; later calls only bind the values. `mapRows`, when given, maps the
 * result rows (arrays of the driver's values, in the order selected) instead of
 * drizzle, for a read whose many rows make drizzle's general mapping dear.
 */
export function preparedStatement<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: Queryable) => Preparable<TResult>,
  mapRows?: (rows: unknown[][]) => TResult,
): (db: Queryable, values: TValues) => Promise<TResult> {
  let built: BuiltStatement | undefined;
  return async (db, values) => {
    if (!built) {
      const first = build(db).prepare(name) as PreparedQuery<TResult> &
        RowMapping & { getQuery(): Query; isResponseInArrayMode(): boolean };
      const { fields, customResultMapper, joinsNotNullableMap } = first;
      built = {
        query: first.getQuery(),
        mapping: { fields, customResultMapper, joinsNotNullableMap },
        arrayMode: first.isResponseInArrayMode(),
      };
      if (!mapRows) return first.execute(values);
    }
    const { query, mapping, arrayMode } = built;
    const prepared = db._.session.prepareQuery(
      query,
      mapping.fields as Parameters<typeof db._.session.prepareQuery>[1],
      name,
      arrayMode,
      (mapRows ?? mapping.customResultMapper) as Parameters<typeof db._.session.prepareQuery>[4],
    ) as unknown as PreparedQuery<TResult> & { joinsNotNullableMap?: unknown };
    prepared.joinsNotNullableMap = mapping.joinsNotNullableMap;
    return prepared.execute(values);
  };
}
