/**
 * Read queries of the ledger for the dashboard, the history and the earnings
 * table. Every one is scoped to one user and served by an index on
 * point_transactions: (user_id, created_at, id) or (user_id, season_id, created_at, id).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Cycle, PageQuery, TransactionType } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { pointTransactions, seasons, users } from '../../db/schema.ts';
import { newestFirst, pageScan } from '../../lib/page-meta.ts';

const pointsSum = sql`coalesce(sum(${pointTransactions.pointsEarned}), 0)`.mapWith(Number);

export async function findDashboardUser(db: Queryable, userId: number) {
  const [user] = await db
    .select({ points: users.points, referralCode: users.referralCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

/** Points credited to the user in [from, to). */
export async function pointsBetween(
  db: Queryable,
  userId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ points: pointsSum })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.userId, userId),
        gte(pointTransactions.createdAt, from),
        lt(pointTransactions.createdAt, to),
      ),
    );
  return row?.points ?? 0;
}

export interface TypeSum {
  type: TransactionType;
  points: number;
}

/** The user's points per cycle and transaction type. */
export async function pointsBySeasonAndType(
  db: Queryable,
  userId: number,
): Promise<(TypeSum & { seasonId: number })[]> {
  return db
    .select({
      seasonId: pointTransactions.seasonId,
      type: pointTransactions.transactionType,
      points: pointsSum,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .groupBy(pointTransactions.seasonId, pointTransactions.transactionType);
}

/** The user's points in one cycle per UTC day (YYYY-MM-DD) and type, for days in [from, to). */
export async function dailyPointsByType(
  db: Queryable,
  userId: number,
  seasonId: number,
  from: Date,
  to: Date,
): Promise<(TypeSum & { day: string })[]> {
  const day = sql<string>`to_char(${pointTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, type: pointTransactions.transactionType, points: pointsSum })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.userId, userId),
        eq(pointTransactions.seasonId, seasonId),
        gte(pointTransactions.createdAt, from),
        lt(pointTransactions.createdAt, to),
      ),
    )
    .groupBy(day, pointTransactions.transactionType);
}

export async function pointsInSeason(
  db: Queryable,
  userId: number,
  seasonId: number,
): Promise<number> {
  const [row] = await db
    .select({ points: pointsSum })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.seasonId, seasonId)));
  return row?.points ?? 0;
}

export interface TransactionFilters {
  /** Inclusive lower bound on created_at. */
  from?: Date;
  /** Exclusive upper bound on created_at. */
  to?: Date;
  season?: Cycle;
}

/**
 * The user's ledger size without counting it: users.ledger_rows, kept by every
 * credit. A filtered history still counts, over its (user, time) index range.
 */
async function countTransactions(
  db: Queryable,
  userId: number,
  filters: TransactionFilters,
  where: SQL | undefined,
): Promise<number> {
  if (!filters.from && !filters.to && !filters.season) {
    const [user] = await db
      .select({ total: users.ledgerRows })
      .from(users)
      .where(eq(users.id, userId));
    return user?.total ?? 0;
  }
  const [totals] = await db.select({ total: count() }).from(pointTransactions).where(where);
  return totals?.total ?? 0;
}

/**
 * One page of the user's ledger, newest first, with its cycle's name, and the
 * total. The page's ids are found in the (user, time, id) index alone, from
 * whichever end is nearer (lib/page-meta.ts), and only its rows are read: a deep
 * page costs no more than a shallow one.
 */
export async function transactionsPage(
  db: Queryable,
  userId: number,
  filters: TransactionFilters,
  page: PageQuery,
) {
  const conditions: SQL[] = [eq(pointTransactions.userId, userId)];
  if (filters.from) conditions.push(gte(pointTransactions.createdAt, filters.from));
  if (filters.to) conditions.push(lt(pointTransactions.createdAt, filters.to));
  if (filters.season) {
    // The cycle's id first (a table of five rows), so the (user, season, time) index applies.
    conditions.push(
      eq(
        pointTransactions.seasonId,
        sql`(select ${seasons.id} from ${seasons} where ${seasons.name} = ${filters.season})`,
      ),
    );
  }
  const where = and(...conditions);
  const total = await countTransactions(db, userId, filters, where);
  const scan = pageScan(page, total);
  if (scan.limit === 0) return { rows: [], total };
  const direction = scan.fromOldest ? asc : desc;
  const order = [direction(pointTransactions.createdAt), direction(pointTransactions.id)];
  const pageIds = db
    .select({ id: pointTransactions.id })
    .from(pointTransactions)
    .where(where)
    .orderBy(...order)
    .limit(scan.limit)
    .offset(scan.offset)
    .as('page_ids');
  const rows = await db
    .select({
      id: pointTransactions.id,
      transactionId: pointTransactions.transactionId,
      type: pointTransactions.transactionType,
      createdAt: pointTransactions.createdAt,
      season: seasons.name,
      pointsEarned: pointTransactions.pointsEarned,
      details: pointTransactions.details,
    })
    .from(pageIds)
    .innerJoin(pointTransactions, eq(pointTransactions.id, pageIds.id))
    .innerJoin(seasons, eq(seasons.id, pointTransactions.seasonId))
    .orderBy(...order);
  return { rows: newestFirst(scan, rows), total };
}
