/**
 * Read queries of the ledger for the dashboard, the history and the earnings
 * table. Every one is scoped to one user and served by an index on
 * point_transactions: (user_id, created_at, id) or (user_id, season_id, created_at, id).
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { CYCLES, type Cycle, type PageQuery, type TransactionType } from '@netpulse/shared';
import {
  batchedPageRead,
  batchedRowRead,
  type ChunkOptions,
  type KeyRefs,
  keysetChunks,
  openTimeRange,
  type PageKey,
  type TimeRangeKey,
  timeRangeKeyFields,
} from '../../db/sql-kit.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { seasons } from '../../db/tables/seasons-tables.ts';

const pointsSum = sql`coalesce(sum(${pointTransactions.pointsEarned}), 0)`.mapWith(Number);

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

/** A row of the dashboard's figures, as the driver answers it. */
interface DashboardRow {
  points: number | string;
  referral_code: string;
  season: string;
  today_points: number | string;
  season_points: number | string;
}

/**
 * The dashboard's figures of every user asked for at once, one statement: the
 * user's total and code, the current cycle, today's and the cycle's sums (each
 * from its index on point_transactions).
 */
const dashboardFiguresRead = batchedRowRead({
  name: 'dashboard_figures',
  keyFields: {
    userId: { type: 'int', of: (key: DashboardKey) => key.userId },
    dayStart: { type: 'timestamptz', of: (key: DashboardKey) => key.dayStart },
    dayEnd: { type: 'timestamptz', of: (key: DashboardKey) => key.dayEnd },
  },
  statement: ({ keys, key, ordinal }) => sql`
    select ${ordinal}, ${users.points} as points, ${users.referralCode} as referral_code,
      current_season.name as season,
      (select coalesce(sum(${pointTransactions.pointsEarned}), 0) from ${pointTransactions}
        where ${pointTransactions.userId} = ${key.userId}
          and ${pointTransactions.createdAt} >= ${key.dayStart}
          and ${pointTransactions.createdAt} < ${key.dayEnd}) as today_points,
      (select coalesce(sum(${pointTransactions.pointsEarned}), 0) from ${pointTransactions}
        where ${pointTransactions.userId} = ${key.userId}
          and ${pointTransactions.seasonId} = current_season.id) as season_points
    from ${keys}
      join ${users} on ${users.id} = ${key.userId}
      -- The one current cycle (a partial unique index), read once for the batch.
      cross join lateral (select ${seasons.id} as id, ${seasons.name} as name from ${seasons}
        where ${seasons.isCurrent} limit 1) as current_season`,
  answerOf: (row: DashboardRow): DashboardFigures => {
    if (!(CYCLES as readonly string[]).includes(row.season)) {
      throw new Error(`the seasons table holds an unknown cycle "${row.season}"`);
    }
    return {
      points: Number(row.points),
      referralCode: row.referral_code,
      currentSeason: row.season as Cycle,
      todayPoints: Number(row.today_points),
      seasonPoints: Number(row.season_points),
    };
  },
});

/** The dashboard's figures for one user (batched with the other requests in flight). */
export function dashboardFigures(
  db: Queryable,
  key: DashboardKey,
): Promise<DashboardFigures | undefined> {
  return dashboardFiguresRead(db, key);
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

/** A page of the history: the user, the filters, and which rows. */
interface HistoryKey extends PageKey, TimeRangeKey {
  userId: number;
  season: Cycle | null;
}

/** A history key's values: the user, its time range with open ends, and the cycle's id. */
type HistoryKeyValue = 'userId' | 'fromTime' | 'toTime' | 'seasonId';

/**
 * The user's rows in the key's range (and cycle, for that shape), as a WHERE
 * condition; absent bounds are open (openTimeRange).
 */
function inHistoryRange(withSeason: boolean, key: KeyRefs<HistoryKeyValue>) {
  return and(
    eq(pointTransactions.userId, key.userId),
    gte(pointTransactions.createdAt, key.fromTime),
    lt(pointTransactions.createdAt, key.toTime),
    withSeason ? eq(pointTransactions.seasonId, key.seasonId) : undefined,
  );
}

/**
 * A history key's values from what was given: the time range with open ends,
 * and the cycle's id from its name (none when no cycle has that name, so no rows).
 */
function historyKeyValues(
  given: KeyRefs<'userId' | 'fromTime' | 'toTime' | 'season'>,
): Record<HistoryKeyValue, SQL> {
  return {
    userId: given.userId,
    ...openTimeRange(given),
    seasonId: sql`(select ${seasons.id} from ${seasons} where ${seasons.name} = ${given.season})`,
  };
}

const HISTORY_COLUMNS = {
  id: pointTransactions.id,
  transactionId: pointTransactions.transactionId,
  type: pointTransactions.transactionType,
  createdAt: pointTransactions.createdAt,
  season: sql<Cycle>`(select ${seasons.name} from ${seasons} where ${seasons.id} = ${pointTransactions.seasonId})`,
  pointsEarned: pointTransactions.pointsEarned,
  details: pointTransactions.details,
};

/**
 * The history pages in flight of one shape, with their totals, one statement
 * per shape, so each uses its best index: a filtered history is counted over
 * its index range, a whole one is users.ledger_rows (no count).
 */
function historyPageRead(withSeason: boolean, counted: boolean) {
  return batchedPageRead({
    name: `transactions_page${withSeason ? '_season' : ''}${counted ? '_counted' : ''}`,
    keyFields: {
      userId: { type: 'int', of: (key: HistoryKey) => key.userId },
      ...timeRangeKeyFields<HistoryKey>(),
      season: { type: 'text', of: (key: HistoryKey) => key.season },
    },
    keyValues: historyKeyValues,
    total: (key) =>
      counted
        ? sql`(select count(*) from ${pointTransactions} where ${inHistoryRange(withSeason, key)})`
        : sql`coalesce((select ${users.ledgerRows} from ${users} where ${users.id} = ${key.userId}), 0)`,
    list: {
      table: pointTransactions,
      id: pointTransactions.id,
      time: pointTransactions.createdAt,
      rowsOfKey: (key) => inHistoryRange(withSeason, key),
    },
    columns: HISTORY_COLUMNS,
  });
}

const historyPages = {
  whole: historyPageRead(false, false),
  byDates: historyPageRead(false, true),
  byCycle: historyPageRead(true, true),
};

/**
 * One page of the user's ledger, newest first, with its cycle's name, and the
 * total, batched with the other requests in flight; a deep page costs what the
 * first one does (db/batched-page.ts).
 */
export function transactionsPage(
  db: Queryable,
  userId: number,
  filters: TransactionFilters,
  page: PageQuery,
) {
  const key: HistoryKey = {
    userId,
    from: filters.from ?? null,
    to: filters.to ?? null,
    season: filters.season ?? null,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
  if (key.season !== null) return historyPages.byCycle(db, key);
  if (key.from !== null || key.to !== null) return historyPages.byDates(db, key);
  return historyPages.whole(db, key);
}

/**
 * The user's whole ledger within the filters, newest first, a chunk at a time
 * (db/keyset-chunks.ts), for the CSV export: the rows of the history pages
 * with the same filters, by the same condition (inHistoryRange) and columns.
 */
export function transactionsInChunks(
  db: Queryable,
  userId: number,
  filters: TransactionFilters,
  options: ChunkOptions,
) {
  const values = historyKeyValues({
    userId: sql`${userId}::int`,
    fromTime: sql`${filters.from?.toISOString() ?? null}::timestamptz`,
    toTime: sql`${filters.to?.toISOString() ?? null}::timestamptz`,
    season: sql`${filters.season ?? null}::text`,
  });
  return keysetChunks(
    db,
    {
      table: pointTransactions,
      time: pointTransactions.createdAt,
      id: pointTransactions.id,
      where: inHistoryRange(filters.season !== undefined, values),
      columns: HISTORY_COLUMNS,
    },
    options,
  );
}
