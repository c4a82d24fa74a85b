/**
 * Read queries of the ledger for the dashboard, the history and the earnings
 * table. Every one is scoped to one user and served by an index on
 * point_transactions: (user_id, created_at, id) or (user_id, season_id, created_at, id).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { CYCLES, type Cycle, type PageQuery, type TransactionType } from '@netpulse/shared';
import { arrayLiteral, BatchedRead, perHandle, rowsOf } from '../../db/batched-read.ts';
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

export interface DashboardFigures {
  points: number;
  referralCode: string;
  currentSeason: Cycle;
  /** Points credited in [dayStart, dayEnd). */
  todayPoints: number;
  /** Points credited in the current cycle. */
  seasonPoints: number;
}

interface DashboardKey {
  userId: number;
  dayStart: Date;
  dayEnd: Date;
}

/**
 * The dashboard's figures of every user asked for at once, one statement: the
 * user's total and code, the current cycle, today's and the cycle's sums (each
 * from its index on point_transactions).
 */
const dashboardFiguresBatch = perHandle(
  (db: Queryable) =>
    new BatchedRead<DashboardKey, DashboardFigures | undefined>(async (keys) => {
      const result = await db.execute(sql`
        select k.ord, ${users.points} as points, ${users.referralCode} as referral_code,
          current_season.name as season,
          (select coalesce(sum(${pointTransactions.pointsEarned}), 0) from ${pointTransactions}
            where ${pointTransactions.userId} = k.user_id
              and ${pointTransactions.createdAt} >= k.day_start
              and ${pointTransactions.createdAt} < k.day_end) as today_points,
          (select coalesce(sum(${pointTransactions.pointsEarned}), 0) from ${pointTransactions}
            where ${pointTransactions.userId} = k.user_id
              and ${pointTransactions.seasonId} = current_season.id) as season_points
        from unnest(
            ${arrayLiteral(keys.map((key) => key.userId))}::int[],
            ${arrayLiteral(keys.map((key) => key.dayStart))}::timestamptz[],
            ${arrayLiteral(keys.map((key) => key.dayEnd))}::timestamptz[]
          ) with ordinality as k(user_id, day_start, day_end, ord)
          join ${users} on ${users.id} = k.user_id
          -- The one current cycle (a partial unique index), read once for the batch.
          cross join lateral (select ${seasons.id} as id, ${seasons.name} as name from ${seasons}
            where ${seasons.isCurrent} limit 1) as current_season`);
      type Row = {
        ord: number | string;
        points: number | string;
        referral_code: string;
        season: string;
        today_points: number | string;
        season_points: number | string;
      };
      const answers: (DashboardFigures | undefined)[] = keys.map(() => undefined);
      for (const row of rowsOf<Row>(result)) {
        if (!(CYCLES as readonly string[]).includes(row.season)) {
          throw new Error(`the seasons table holds an unknown cycle "${row.season}"`);
        }
        answers[Number(row.ord) - 1] = {
          points: Number(row.points),
          referralCode: row.referral_code,
          currentSeason: row.season as Cycle,
          todayPoints: Number(row.today_points),
          seasonPoints: Number(row.season_points),
        };
      }
      return answers;
    }),
);

/** The dashboard's figures for one user (batched with the other requests in flight). */
export function dashboardFigures(
  db: Queryable,
  key: DashboardKey,
): Promise<DashboardFigures | undefined> {
  return dashboardFiguresBatch(db).load(key);
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
