import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { users } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';

/** docs/ARCHITECTURE.md section 5: users.points == sum(points_earned), for every user. */
export async function expectLedgerInvariant(database: DatabaseHandle): Promise<void> {
  const ledgerOf = database.db
    .select({
      userId: pointTransactions.userId,
      total: sql`sum(${pointTransactions.pointsEarned})`.as('total'),
    })
    .from(pointTransactions)
    .groupBy(pointTransactions.userId)
    .as('ledger');
  const drift = await database.db
    .select({
      username: users.username,
      points: users.points,
      ledger: sql`coalesce(${ledgerOf.total}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(ledgerOf, eq(ledgerOf.userId, users.id))
    .where(sql`${users.points} <> coalesce(${ledgerOf.total}, 0)`);
  expect(drift, 'users whose points differ from their ledger').toEqual([]);
}
