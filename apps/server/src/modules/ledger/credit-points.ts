/**
 * The one way points are credited (ARCHITECTURE.md section 5). Every feature
 * that pays Bytes calls `creditPoints` inside its own database transaction: the
 * ledger row (with the current cycle) and the users.points cache change together,
 * so `users.points == sum(point_transactions.points_earned)` always holds, and
 * `users.ledger_rows` (the history's size) counts the rows.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TransactionType } from '@netpulse/shared';
import type { Transaction } from '../../db/client.ts';
import { pointTransactions, seasons, users } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { newTransactionId } from '../../lib/random-codes.ts';

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
  // ON CONFLICT DO NOTHING rather than catching the unique violation: on
  // PostgreSQL a failed statement aborts the whole transaction. It also waits for
  // a concurrent insert of the same key and then skips, so one of them wins; the
  // user's row is then updated from the inserted row only, so a skipped credit
  // changes nothing.
  const ledgerRow = tx.$with('ledger_row').as(
    tx
      .insert(pointTransactions)
      .values({
        transactionId: newTransactionId(),
        userId: credit.userId,
        transactionType: credit.type,
        pointsEarned: credit.points,
        details: credit.details,
        seasonId: sql`(select ${seasons.id} from ${seasons} where ${seasons.isCurrent})`,
        idempotencyKey: credit.idempotencyKey,
        createdAt: credit.at,
      })
      .onConflictDoNothing({ target: pointTransactions.idempotencyKey })
      .returning({
        transactionId: pointTransactions.transactionId,
        userId: pointTransactions.userId,
      }),
  );
  const [credited] = await tx
    .with(ledgerRow)
    .update(users)
    .set({
      ...alsoSet,
      points: sql`${users.points} + ${credit.points}`,
      ledgerRows: sql`${users.ledgerRows} + 1`,
    })
    .from(ledgerRow)
    .where(eq(users.id, ledgerRow.userId))
    .returning({ transactionId: ledgerRow.transactionId });
  if (!credited) throw conflict(credit.duplicateMessage);
  return { transactionId: credited.transactionId, pointsEarned: credit.points };
}
