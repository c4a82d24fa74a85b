/**
 * The one way points are credited (docs/ARCHITECTURE.md section 5). Every feature
 * that pays Bytes calls `creditPoints` inside its own database transaction: the
 * ledger row (with the current cycle) and the users.points cache change together,
 * so `users.points == sum(point_transactions.points_earned)` always holds, and
 * `users.ledger_rows` (the history's size) counts the rows. A grouped write
 * (db/grouped-write.ts) credits its whole group the same way with `creditGroup`.
 */
import { eq, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TransactionType } from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { seasons } from '../../db/tables/seasons-tables.ts';
import { conflict } from '../../lib/http-error.ts';
import { newTransactionId } from '../../lib/random-codes.ts';
import {
  arrayLiteral,
  columnNameOf,
  preparedSql,
  preparedStatement,
  queryOfSql,
  rowsOf,
  unnestedKeys,
  type KeyFields,
} from '../../db/sql-kit.ts';
import { RefusedMembers } from '../../db/grouped-write.ts';
import { tellWhenCommitted } from '../../lib/committed-credits.ts';

export interface Credit {
  userId: number;
  type: TransactionType;
  points: number;
  /** What the history shows in its Details column. */
  details: string;
  /**
   * Unique per thing paid for (`daily:<user>:<utc-day>`, `speedtest:<test>`, ...):
   * a second credit with the same key is refused, however concurrent.
   */
  idempotencyKey: string;
  at: Date;
  /** The 409 message when the key was credited already. */
  duplicateMessage: string;
}

export interface Credited {
  transactionId: string;
  pointsEarned: number;
}

/**
 * Other changes to the credited user's row that belong with the credit (a
 * counter, the claim state): written by the same statement, so a credit costs
 * one round trip however much of the row it changes.
 */
export type UserChanges = Omit<PgUpdateSetSource<typeof users>, 'points' | 'ledgerRows'>;

/**
 * Writes the ledger row and adds the points to users.points (with `alsoSet`),
 * in `tx` (the caller's transaction, so its own changes commit or roll back with
 * the credit), as one statement. A key credited before, or by a concurrent
 * transaction that commits first, is a 409 with `duplicateMessage`; throwing
 * rolls the caller's transaction back.
 */
export async function creditPoints(
  tx: Transaction,
  credit: Credit,
  alsoSet: UserChanges = {},
): Promise<Credited> {
  if (!Number.isInteger(credit.points) || credit.points < 0) {
    throw new Error(`a credit must be a whole number of points, not ${credit.points}`);
  }
  const [credited] = await creditStatementFor(alsoSet)(tx, {
    transactionId: newTransactionId(),
    userId: credit.userId,
    type: credit.type,
    points: credit.points,
    details: credit.details,
    idempotencyKey: credit.idempotencyKey,
    at: credit.at.toISOString(),
    ...valuesOf(alsoSet),
  });
  if (!credited) throw conflict(credit.duplicateMessage);
  tellWhenCommitted(tx, [credit]);
  return { transactionId: credited.transactionId, pointsEarned: credit.points };
}

/**
 * The credit statement for one shape of `alsoSet` (its columns, and the SQL of
 * those set to an expression), built once per shape: the few callers each keep
 * to one shape, so there are a handful of statements in all.
 */
const creditStatements = new Map<string, ReturnType<typeof creditStatement>>();

function creditStatementFor(alsoSet: UserChanges) {
  const shape = Object.entries(alsoSet)
    .map(([column, value]) => (is(value, SQL) ? `${column}=${sqlTextOf(value)}` : column))
    .sort()
    .join(',');
  let statement = creditStatements.get(shape);
  if (!statement) {
    statement = creditStatement(`credit_points_${creditStatements.size}`, alsoSet);
    creditStatements.set(shape, statement);
  }
  return statement;
}

/** An expression's SQL; it must have no parameters, as it is fixed in a statement built once. */
function sqlTextOf(expression: SQL): string {
  const query = queryOfSql(expression);
  if (query.params.length > 0) {
    throw new Error(
      `a credit's other change must be a value or SQL without parameters: ${query.sql}`,
    );
  }
  return query.sql;
}

/** The placeholder of an `alsoSet` column set to a value. */
const changePlaceholder = (column: string) => `change_${column}`;

/** The values of an `alsoSet`'s placeholders; times as ISO strings, as placeholders pass unconverted. */
function valuesOf(alsoSet: UserChanges): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(alsoSet)) {
    if (is(value, SQL)) continue;
    values[changePlaceholder(column)] = value instanceof Date ? value.toISOString() : value;
  }
  return values;
}

interface CreditValues extends Record<string, unknown> {
  transactionId: string;
  userId: number;
  type: TransactionType;
  points: number;
  details: string;
  idempotencyKey: string;
  at: string;
}

const value = (name: string) => sql`${sql.placeholder(name)}`;

function creditStatement(name: string, alsoSet: UserChanges) {
  const changes = Object.fromEntries(
    Object.entries(alsoSet).map(([column, change]) => [
      column,
      is(change, SQL) ? change : value(changePlaceholder(column)),
    ]),
  );
  return preparedStatement<CreditValues, { transactionId: string }[]>(name, (db) => {
    // ON CONFLICT DO NOTHING rather than catching the unique violation: on
    // PostgreSQL a failed statement aborts the whole transaction. It also waits for
    // a concurrent insert of the same key and then skips, so one of them wins; the
    // user's row is then updated from the inserted row only, so a skipped credit
    // changes nothing.
    const ledgerRow = db.$with('ledger_row').as(
      db
        .insert(pointTransactions)
        .values({
          transactionId: value('transactionId'),
          userId: value('userId'),
          transactionType: value('type'),
          pointsEarned: value('points'),
          details: value('details'),
          seasonId: sql`(select ${seasons.id} from ${seasons} where ${seasons.isCurrent})`,
          idempotencyKey: value('idempotencyKey'),
          createdAt: value('at'),
        })
        .onConflictDoNothing({ target: pointTransactions.idempotencyKey })
        .returning({
          transactionId: pointTransactions.transactionId,
          userId: pointTransactions.userId,
        }),
    );
    return db
      .with(ledgerRow)
      .update(users)
      .set({
        ...changes,
        points: sql`${users.points} + ${value('points')}::int`,
        ledgerRows: sql`${users.ledgerRows} + 1`,
      })
      .from(ledgerRow)
      .where(eq(users.id, ledgerRow.userId))
      .returning({ transactionId: ledgerRow.transactionId });
  });
}

/** A credit of a grouped write (db/grouped-write.ts), with the member it pays by its place in the group. */
export interface GroupCredit extends Credit {
  member: number;
}

/**
 * The other changes to the credited users' rows that belong with a group's
 * credits: each field is a column of `users` (by its name in the schema), its
 * value read per user id. Every credited user must have its values.
 */
export type GroupUserChanges<Name extends UserColumn> = KeyFields<number, Name>;

type UserColumn = Exclude<keyof typeof users.$inferSelect, 'points' | 'ledgerRows'>;

/**
 * The credits of a group, in one statement: the ledger rows are inserted in the
 * order given, and each credited user's row gets the sum of its credits (and
 * `alsoSet`) at once, so `users.points == sum(points_earned)` holds as with
 * `creditPoints`. A member may have several credits, to several users (a speed
 * test and its referrer's commission). When any key was credited before,
 * nothing of the group may stand (a later member may have been judged on that
 * credit): it throws `RefusedMembers` naming those credits' members with the
 * 409 of each one's first refused credit, and the grouped write rolls back and
 * writes the others again without them.
 */
export async function creditGroup<Name extends UserColumn>(
  tx: Transaction,
  credits: GroupCredit[],
  alsoSet: GroupUserChanges<Name>,
): Promise<Credited[]> {
  for (const credit of credits) {
    if (!Number.isInteger(credit.points) || credit.points < 0) {
      throw new Error(`a credit must be a whole number of points, not ${credit.points}`);
    }
  }
  const transactionIds = credits.map(() => newTransactionId());
  const userIds = [...new Set(credits.map((credit) => credit.userId))];
  const changeNames = Object.keys(alsoSet) as Name[];
  const bound: Record<string, string> = {
    transaction_id: arrayLiteral(transactionIds),
    ...Object.fromEntries(
      CREDIT_FIELD_NAMES.map((field) => [
        columnNameOf(field),
        arrayLiteral(credits.map(CREDIT_FIELDS[field].of)),
      ]),
    ),
    change_user_id: arrayLiteral(userIds),
    ...Object.fromEntries(
      changeNames.map((field) => [
        `change_${columnNameOf(field)}`,
        arrayLiteral(userIds.map(alsoSet[field].of)),
      ]),
    ),
  };
  const inserted = new Set(
    rowsOf<{ idempotency_key: string }>(await groupCreditStatementFor(alsoSet)(tx, bound)).map(
      (row) => row.idempotency_key,
    ),
  );
  const refusals = new Map<number, unknown>();
  for (const credit of credits) {
    // A member with several credits (a test and its referrer's commission) is
    // refused for the first, as one credit after the other would have been.
    if (!inserted.has(credit.idempotencyKey) && !refusals.has(credit.member)) {
      refusals.set(credit.member, conflict(credit.duplicateMessage));
    }
  }
  if (refusals.size > 0) throw new RefusedMembers(refusals);
  tellWhenCommitted(tx, credits);
  return credits.map((credit, index) => ({
    transactionId: transactionIds[index] as string,
    pointsEarned: credit.points,
  }));
}

/** A group credit's fields as bound (besides its new transaction id), in the ledger's columns. */
type CreditField =
  'userId' | 'transactionType' | 'pointsEarned' | 'details' | 'idempotencyKey' | 'createdAt';
const CREDIT_FIELDS: KeyFields<GroupCredit, CreditField> = {
  userId: { type: 'int', of: (credit: GroupCredit) => credit.userId },
  transactionType: { type: 'text', of: (credit: GroupCredit) => credit.type },
  pointsEarned: { type: 'int', of: (credit: GroupCredit) => credit.points },
  details: { type: 'text', of: (credit: GroupCredit) => credit.details },
  idempotencyKey: { type: 'text', of: (credit: GroupCredit) => credit.idempotencyKey },
  createdAt: { type: 'timestamptz', of: (credit: GroupCredit) => credit.at },
};
const CREDIT_FIELD_NAMES = Object.keys(CREDIT_FIELDS) as CreditField[];

/** The group credit statement for one set of `alsoSet` columns, built once per set. */
const groupCreditStatements = new Map<string, ReturnType<typeof preparedSql>>();

function groupCreditStatementFor<Name extends UserColumn>(alsoSet: KeyFields<number, Name>) {
  const names = (Object.keys(alsoSet) as Name[]).sort();
  const shape = names.map((name) => `${name}:${alsoSet[name].type}`).join(',');
  let statement = groupCreditStatements.get(shape);
  if (!statement) {
    statement = preparedSql(
      `credit_group_${groupCreditStatements.size}`,
      groupCreditStatement(names, alsoSet),
    );
    groupCreditStatements.set(shape, statement);
  }
  return statement;
}

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;
const column = (name: string) => sql.identifier(name);

function groupCreditStatement<Name extends UserColumn>(
  names: Name[],
  alsoSet: KeyFields<number, Name>,
) {
  const userColumns = getTableColumns(users);
  const credit = sql.raw('c');
  const change = sql.raw('u');
  const creditColumns = ['transactionId', ...CREDIT_FIELD_NAMES].map(
    (field) => pointTransactions[field as CreditField | 'transactionId'].name,
  );
  const creditRelation = unnestedKeys(
    { transactionId: { type: 'text', of: () => null }, ...CREDIT_FIELDS },
    'c',
    (field) => placeholder(columnNameOf(field)),
  );
  const changeRelation = unnestedKeys(
    {
      userId: { type: 'int', of: () => null },
      ...Object.fromEntries(names.map((name) => [name, alsoSet[name]])),
    },
    'u',
    (field) => placeholder(`change_${columnNameOf(field)}`),
  );
  const setChanges = names.map(
    (name) => sql`, ${column(userColumns[name].name)} = ${change}.${sql.raw(columnNameOf(name))}`,
  );
  // ON CONFLICT DO NOTHING, as in creditPoints: a failed statement would abort
  // the whole transaction on PostgreSQL. The users' rows are updated from the
  // inserted rows only.
  return sql`
    with ledger_row as (
      insert into ${pointTransactions} (${sql.join(creditColumns.map(column), sql`, `)}, ${column(pointTransactions.seasonId.name)})
      select ${sql.join(
        creditColumns.map((name) => sql`${credit}.${column(name)}`),
        sql`, `,
      )}, (select ${seasons.id} from ${seasons} where ${seasons.isCurrent})
      from ${creditRelation}
      order by ${credit}.ord
      on conflict (${column(pointTransactions.idempotencyKey.name)}) do nothing
      returning ${column(pointTransactions.idempotencyKey.name)}, ${column(pointTransactions.userId.name)}, ${column(pointTransactions.pointsEarned.name)}
    ), credited as (
      select user_id, sum(points_earned) as points, count(*) as credits
      from ledger_row group by user_id
    ), changed as (
      update ${users}
      set ${column(users.points.name)} = ${users.points} + credited.points,
        ${column(users.ledgerRows.name)} = ${users.ledgerRows} + credited.credits${sql.join(setChanges, sql``)}
      from credited join ${changeRelation} on ${change}.user_id = credited.user_id
      where ${users.id} = credited.user_id
      returning ${users.id}
    )
    select idempotency_key from ledger_row`;
}
