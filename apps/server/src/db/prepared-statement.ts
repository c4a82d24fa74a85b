/**
 * Statements of the hot paths, built once per process and run by name: drizzle's
 * building of a statement costs more server CPU than running it, and PostgreSQL
 * parses and plans a named statement once per connection (docs/decisions/007 and 015).
 *
 * Every value that differs between calls must be a `sql.placeholder(name)`,
 * filled from `values` at each run: any other value is fixed by the first build.
 */
import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import {
  partsOfPreparedQuery,
  partsOfSql,
  prepareOnSession,
  type PreparedQueryParts,
  type RunnableQuery,
} from './drizzle-internals.ts';

interface Preparable<TResult> {
  prepare(name: string): RunnableQuery<TResult>;
}

/**
 * Answers a function that runs the statement `build` makes in `db` (a
 * transaction or the database) with `values` for its placeholders. `build`
 * runs once; later calls only bind the values, and map rows exactly as the
 * query builder would. `mapRows`, when given, maps the result rows (arrays of
 * the driver's values, in the order selected) instead of drizzle, for a read
 * whose many rows make drizzle's general mapping dear.
 */
export function preparedStatement<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: Queryable) => Preparable<TResult>,
  mapRows?: (rows: unknown[][]) => TResult,
): (db: Queryable, values: TValues) => Promise<TResult> {
  let built: PreparedQueryParts | undefined;
  return async (db, values) => {
    if (!built) {
      const first = build(db).prepare(name);
      built = partsOfPreparedQuery(first);
      if (!mapRows) return first.execute(values);
    }
    return prepareOnSession(db, built, name, mapRows).execute(values);
  };
}

/**
 * A statement written in SQL rather than with the query builder, built once
 * and run by name like preparedStatement: it answers the driver's result, whose
 * rows `rowsOf` reads as objects by column name.
 */
export function preparedSql<TValues extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Queryable, values: TValues) => Promise<unknown> {
  let built: PreparedQueryParts | undefined;
  return (db, values) => {
    built ??= partsOfSql(db, statement);
    return prepareOnSession(db, built, name).execute(values);
  };
}
