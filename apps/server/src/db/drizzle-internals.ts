/**
 * The parts of drizzle that are not its public face but that the SQL kit relies
 * on, each read here and nowhere else, and each pinned by a test of its own in
 * drizzle-contract.test.ts: an upgrade of drizzle that changes one fails that
 * test rather than a read at run time. Why the kit needs them: docs/decisions/015.
 */
import type { DriverValueDecoder, Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/**
 * The rows a selection of columns answers, as drizzle types a select's: `{ id:
 * users.id }` answers `{ id: number }`. drizzle exports it only from a file
 * inside the package, not from its entry.
 */
export type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/** PostgreSQL's dialect, for writing SQL without a database at hand. */
const postgresDialect = new PgDialect();

/**
 * The text and parameters PostgreSQL's dialect writes for an SQL object, as a
 * database's own `execute` would, for a statement built before any database is
 * open (the ledger's credit statements are built once, per shape).
 */
export function queryOfSql(statement: SQL): Query {
  return postgresDialect.sqlToQuery(statement);
}

/**
 * A query drizzle prepared, as the parts it is made again from on another
 * handle: its SQL, and how its rows are mapped (the selected fields, or a custom
 * mapper, and which joined tables may be null).
 */
export interface PreparedQueryParts {
  query: Query;
  fields: unknown;
  customResultMapper: unknown;
  joinsNotNullableMap: unknown;
  arrayMode: boolean;
}

/** A prepared query: it runs with values for its placeholders. */
export interface RunnableQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** The fields a prepared query of drizzle keeps privately, and its internal array-mode flag. */
interface DrizzlePreparedQuery {
  getQuery(): Query;
  isResponseInArrayMode(): boolean;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
}

/** The parts of a query that a query builder's `prepare(name)` answered. */
export function partsOfPreparedQuery(prepared: unknown): PreparedQueryParts {
  const { fields, customResultMapper, joinsNotNullableMap } = prepared as DrizzlePreparedQuery;
  return {
    query: (prepared as DrizzlePreparedQuery).getQuery(),
    fields,
    customResultMapper,
    joinsNotNullableMap,
    arrayMode: (prepared as DrizzlePreparedQuery).isResponseInArrayMode(),
  };
}

/**
 * The parts of a query made of an SQL statement, as `db.execute` makes them
 * (unnamed, and anew at each run) but kept, to prepare again by name: its rows
 * come back as the driver answers them (rowsOf reads them), unmapped.
 */
export function partsOfSql(db: Queryable, statement: SQL): PreparedQueryParts {
  const { dialect } = db as unknown as { dialect: { sqlToQuery(statement: SQL): Query } };
  return {
    query: dialect.sqlToQuery(statement),
    fields: undefined,
    customResultMapper: undefined,
    joinsNotNullableMap: undefined,
    arrayMode: false,
  };
}

type PrepareQuery = Queryable['_']['session']['prepareQuery'];

/**
 * The query of `parts` prepared again under `name` in `db` (the database or a
 * transaction, through its session), without building it again. `mapRows`, when
 * given, maps the result rows (arrays of the driver's values, in the order
 * selected) instead of the parts' own mapping.
 */
export function prepareOnSession<Result>(
  db: Queryable,
  parts: PreparedQueryParts,
  name: string,
  mapRows?: (rows: unknown[][]) => Result,
): RunnableQuery<Result> {
  const prepared = db._.session.prepareQuery(
    parts.query,
    parts.fields as Parameters<PrepareQuery>[1],
    name,
    parts.arrayMode,
    (mapRows ?? parts.customResultMapper) as Parameters<PrepareQuery>[4],
  ) as unknown as RunnableQuery<Result> & { joinsNotNullableMap?: unknown };
  // The select builder sets this on its prepared query after preparing it.
  prepared.joinsNotNullableMap = parts.joinsNotNullableMap;
  return prepared;
}

/** How an SQL expression's driver value becomes its value: what `mapWith` gave it, else as is. */
export function decoderOfSql(expression: SQL): DriverValueDecoder<unknown, unknown> {
  return (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
}
