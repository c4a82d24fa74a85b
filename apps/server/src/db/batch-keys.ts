/**
 * A batch's keys as a relation of its statement: one column per field of the
 * key, each bound as one array for the whole batch, unnested together with each
 * key's 1-based place in the batch. Callers name the fields; only the kit names
 * the relation and its columns in SQL, and hands callers references to them.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A field of a batch's key: its PostgreSQL type and its value in a key. A value
 * of a type that arrayLiteral takes no JavaScript value of (a uuid, a fraction,
 * a boolean) is given as its text: `'52.52'`, `'true'`.
 */
export interface KeyField<Key> {
  type: 'int' | 'timestamptz' | 'text' | 'uuid' | 'float8' | 'numeric' | 'bool';
  of: (key: Key) => number | Date | string | null;
}

/** The fields of a batch's key, by name. */
export type KeyFields<Key, Name extends string> = Record<Name, KeyField<Key>>;

/** References to a key's values in a statement, by field name, for the caller's SQL. */
export type KeyRefs<Name extends string> = { readonly [N in Name]: SQL };

/** A field's column name in SQL: `userId` is `user_id`. */
export function columnNameOf(field: string): string {
  const name = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain field name: ${field}`);
  return name;
}

/** References to the columns of the kit's relation `alias`, one per field. */
export function keyRefs<Name extends string>(
  alias: string,
  fields: readonly Name[],
): KeyRefs<Name> {
  return Object.fromEntries(
    fields.map((field) => [field, sql.raw(`${alias}.${columnNameOf(field)}`)]),
  ) as KeyRefs<Name>;
}

/** A key's 1-based place in its batch, in relation `alias` (its column is `ord`). */
export const ordinalIn = (alias: string) => sql<number>`${sql.raw(`${alias}.ord`)}`;

/**
 * The relation `alias(<fields' columns>, ord)`: each field's values as one array
 * (`arrayOf`, a parameter or a placeholder), unnested side by side.
 */
export function unnestedKeys<Key, Name extends string>(
  fields: KeyFields<Key, Name>,
  alias: string,
  arrayOf: (field: Name) => SQL,
): SQL {
  const names = Object.keys(fields) as Name[];
  const arrays = names.map((field) => sql`${arrayOf(field)}::${sql.raw(fields[field].type)}[]`);
  const columns = [...names.map(columnNameOf), 'ord'].join(', ');
  return sql`unnest(${sql.join(arrays, sql`, `)}) with ordinality as ${sql.raw(alias)}(${sql.raw(columns)})`;
}
