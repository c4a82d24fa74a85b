/**
 * What each account earned in a cycle, and how that cycle ranks among the account's own
 * cycles: read once when the cycle ends (the cycle-ended notices), one statement for all.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';

export interface CycleTotal {
  userId: number;
  /** The Bytes the account earned in the cycle. */
  bytes: number;
  /** 1 for the account's best cycle by Bytes; ties share a rank. */
  rank: number;
  /** How many cycles the account earned in. */
  cycles: number;
}

/** Every account with Bytes in the cycle `seasonId`: its total there, and that cycle's rank. */
export async function cycleTotalsOf(db: Queryable, seasonId: number): Promise<CycleTotal[]> {
  const earners = db
    .selectDistinct({ userId: pointTransactions.userId })
    .from(pointTransactions)
    .where(eq(pointTransactions.seasonId, seasonId));
  const perCycle = db
    .select({
      userId: pointTransactions.userId,
      seasonId: pointTransactions.seasonId,
      bytes: sql<number>`sum(${pointTransactions.pointsEarned})`.mapWith(Number).as('bytes'),
    })
    .from(pointTransactions)
    .where(inArray(pointTransactions.userId, earners))
    .groupBy(pointTransactions.userId, pointTransactions.seasonId)
    .as('per_cycle');
  const ranked = db
    .select({
      userId: perCycle.userId,
      seasonId: perCycle.seasonId,
      bytes: perCycle.bytes,
      rank: sql<number>`rank() over (partition by ${perCycle.userId} order by ${perCycle.bytes} desc)`
        .mapWith(Number)
        .as('rank'),
      cycles: sql<number>`count(*) over (partition by ${perCycle.userId})`
        .mapWith(Number)
        .as('cycles'),
    })
    .from(perCycle)
    .as('ranked');
  return db
    .select({
      userId: ranked.userId,
      bytes: ranked.bytes,
      rank: ranked.rank,
      cycles: ranked.cycles,
    })
    .from(ranked)
    .where(and(eq(ranked.seasonId, seasonId), gt(ranked.bytes, 0)));
}
