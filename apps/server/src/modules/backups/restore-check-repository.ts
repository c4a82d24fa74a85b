/**
 * What a restore reads of the database it loaded before it says it worked
 * (decision 022): which migrations it has, and whether its ledger adds up.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-kit.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';

/** The creation times of the migrations applied, as Drizzle's journal records them. */
export async function appliedMigrations(db: Database): Promise<number[]> {
  const result = await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rowsOf<{ created_at: string | number }>(result).map((row) => Number(row.created_at));
}

export interface LedgerReading {
  accounts: number;
  transactions: number;
  /** Accounts whose points are not the sum of their transactions (the ledger's invariant). */
  drifted: number;
}

/** Reads every account and every transaction: the counts, and the invariant users.points == sum. */
export async function readLedger(db: Database): Promise<LedgerReading> {
  const sums = db
    .select({
      userId: pointTransactions.userId,
      total: sql<string>`sum(${pointTransactions.pointsEarned})`.as('total'),
      rows: count().as('rows'),
    })
    .from(pointTransactions)
    .groupBy(pointTransactions.userId)
    .as('sums');
  const [reading] = await db
    .select({
      accounts: count(),
      transactions: sql<number>`coalesce(sum(${sums.rows}), 0)`.mapWith(Number),
      drifted:
        sql<number>`count(*) filter (where ${users.points} <> coalesce(${sums.total}, 0))`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id));
  return reading ?? { accounts: 0, transactions: 0, drifted: 0 };
}
