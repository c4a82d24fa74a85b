/**
 * The one way points are credited (ARCHITECTURE.md section 5). Every feature
 * that pays Bytes calls `creditPoints` inside its own database transaction: the
 * ledger row (with the current cycle) and the users.points cache change together,
 * so `users.points == sum(point_transactions.points_earned)` always holds, and
 * `users.ledger_rows` (the history's size) counts the rows.
 */
import { eq, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TransactionType } from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { pointTransactions, seasons, users } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { newTransactionId } from '../../lib/random-codes.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';

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
  return { transactionId: credited.transactionId, pointsEarned: credit.points };
}

/**
 * The credit statement for one shape of `alsoSet` (its columns, and the SQL of
 * those set to an expression), built once per shape: the few callers each keep
 * to one shape, so there are a handful of statements in all.
 */
const creditStatements = new Map<string, ReturnType<typeof creditStatement>>();
const dialect = new PgDialect();

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
  const query = dialect.sqlToQuery(expression);
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
