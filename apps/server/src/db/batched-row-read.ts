/**
 * A read of at most one row per key, batched across the requests in flight
 * (BatchedRead): one named statement, built once when the read is declared, run
 * per batch over the batch's keys as a relation (db/batch-keys.ts), each key's
 * values bound as one array literal per field.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  columnNameOf,
  keyRefs,
  ordinalIn,
  unnestedKeys,
  type KeyFields,
  type KeyRefs,
} from './batch-keys.ts';
import { arrayLiteral, BatchedRead, perHandle, rowsOf } from './batched-read.ts';
import type { Queryable } from './client.ts';
import { preparedSql } from './prepared-statement.ts';

/** What a batch's statement is written from. */
export interface KeyBatch<Name extends string> {
  /** The batch's keys, a relation to select from. */
  keys: SQL;
  /** A key's fields, as columns of `keys`. */
  key: KeyRefs<Name>;
  /** The key's place in the batch: the statement selects it as it is, so each row finds its key. */
  ordinal: SQL<number>;
}

/** The kit's name for the keys' relation in the statement. */
const KEYS = 'k';

/**
 * Answers a function that reads one key's answer, batched: `statement` selects
 * at most one row per key from the batch's keys, `answerOf` makes a row its
 * key's answer; a key without a row is answered undefined.
 */
export function batchedRowRead<Key, Name extends string, Row, Answer>(spec: {
  /** The statement's name, unique in the server: PostgreSQL keeps it prepared per connection. */
  name: string;
  keyFields: KeyFields<Key, Name>;
  statement: (batch: KeyBatch<Name>) => SQL;
  answerOf: (row: Row) => Answer;
}): (db: Queryable, key: Key) => Promise<Answer | undefined> {
  const names = Object.keys(spec.keyFields) as Name[];
  const relation = unnestedKeys(
    spec.keyFields,
    KEYS,
    (field) => sql`${sql.placeholder(columnNameOf(field))}`,
  );
  const statement = preparedSql<Record<string, string>>(
    spec.name,
    spec.statement({ keys: relation, key: keyRefs(KEYS, names), ordinal: ordinalIn(KEYS) }),
  );
  const batches = perHandle(
    (db: Queryable) =>
      new BatchedRead<Key, Answer | undefined>(async (keys) => {
        const bound = Object.fromEntries(
          names.map((field) => [
            columnNameOf(field),
            arrayLiteral(keys.map(spec.keyFields[field].of)),
          ]),
        );
        const answers: (Answer | undefined)[] = keys.map(() => undefined);
        for (const row of rowsOf<Row & { ord?: number | string }>(await statement(db, bound))) {
          if (row.ord === undefined) throw new Error('a batched row read must select its ordinal');
          answers[Number(row.ord) - 1] = spec.answerOf(row);
        }
        return answers;
      }),
  );
  return (db, key) => batches(db).load(key);
}
