/**
 * Read queries of the ledger for the dashboard, the history and the earnings
 * table. Every one is scoped to one user and served by an index on
 * point_transactions: (user_id, created_at, id) or (user_id, season_id, created_at, id).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { CYCLES, type Cycle, type PageQuery, type TransactionType } from '@netpulse/shared';
import {
  arrayLiteral,
  BatchedRead,
  countsByOrdinal,
  groupByOrdinal,
  lateralPageIds,
  pageOrdinal,
  perHandle,
  rowsOf,
} from '../../db/batched-read.ts';
import type { Queryable } from '../../db/client.ts';
import { pointTransactions, seasons, users } from '../../db/schema.ts';
import { pageScan } from '../../lib/page-meta.ts';
import { findPageCounters } from '../auth/users-repository.ts';

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

/** A page of the history: the user, the filters, and which rows. */
interface HistoryKey {
  userId: number;
  from: Date | null;
  to: Date | null;
  season: Cycle | null;
  limit: number;
  offset: number;
}

/** Which batch a key goes in: each shape has its own SQL, so each uses its best index. */
function historyShape(key: { season: Cycle | null }, fromOldest = false): string {
  return `${key.season ? 'season' : 'all'}:${fromOldest ? 'oldest' : 'newest'}`;
}

/**
 * The keys as `unnest(...) with ordinality as k(user_id, from_time, to_time,
 * season_id, lim, off, ord)`. Absent bounds are open: -infinity and infinity
 * keep the (user, time) index range usable for both.
 */
function historyKeys(keys: HistoryKey[]): SQL {
  return sql`(select u.user_id, coalesce(u.from_time, '-infinity') as from_time,
      coalesce(u.to_time, 'infinity') as to_time,
      (select ${seasons.id} from ${seasons} where ${seasons.name} = u.season) as season_id,
      u.lim, u.off, u.ord
    from unnest(
      ${arrayLiteral(keys.map((key) => key.userId))}::int[],
      ${arrayLiteral(keys.map((key) => key.from))}::timestamptz[],
      ${arrayLiteral(keys.map((key) => key.to))}::timestamptz[],
      ${arrayLiteral(keys.map((key) => key.season))}::text[],
      ${arrayLiteral(keys.map((key) => key.limit))}::int[],
      ${arrayLiteral(keys.map((key) => key.offset))}::int[]
    ) with ordinality as u(user_id, from_time, to_time, season, lim, off, ord)) as k`;
}

/** The user's rows in k's range (and cycle, for that shape), as a WHERE condition. */
function inHistoryRange(withSeason: boolean): SQL {
  return sql`${pointTransactions.userId} = k.user_id
    and ${pointTransactions.createdAt} >= k.from_time and ${pointTransactions.createdAt} < k.to_time
    ${withSeason ? sql`and ${pointTransactions.seasonId} = k.season_id` : sql``}`;
}

/** Counts of the filtered histories in flight, one statement. */
async function countHistories(
  db: Queryable,
  keys: HistoryKey[],
  withSeason: boolean,
): Promise<number[]> {
  const result = await db.execute(sql`
    select k.ord, c.total from ${historyKeys(keys)}
    cross join lateral (select count(*) as total from ${pointTransactions}
      where ${inHistoryRange(withSeason)}) as c`);
  return countsByOrdinal(keys, result);
}

const HISTORY_COLUMNS = {
  id: pointTransactions.id,
  transactionId: pointTransactions.transactionId,
  type: pointTransactions.transactionType,
  createdAt: pointTransactions.createdAt,
  season: seasons.name,
  pointsEarned: pointTransactions.pointsEarned,
  details: pointTransactions.details,
};

type HistoryRow = {
  [Name in keyof typeof HISTORY_COLUMNS]: (typeof HISTORY_COLUMNS)[Name]['_']['data'];
};

/**
 * The history pages in flight, one statement: each key's page ids from the
 * user's index range alone (a lateral subquery, newest or oldest first), then
 * only those rows with their cycle's name. Answers each key's rows newest first.
 */
async function readHistoryPages(
  db: Queryable,
  keys: HistoryKey[],
  withSeason: boolean,
  fromOldest: boolean,
): Promise<HistoryRow[][]> {
  const direction = fromOldest ? sql`asc` : sql`desc`;
  const pageIds = lateralPageIds(
    historyKeys(keys),
    sql`select ${pointTransactions.id} as id from ${pointTransactions}
      where ${inHistoryRange(withSeason)}
      order by ${pointTransactions.createdAt} ${direction}, ${pointTransactions.id} ${direction}
      limit k.lim offset k.off`,
  );
  const rows = await db
    .select({ ord: pageOrdinal, row: HISTORY_COLUMNS })
    .from(pointTransactions)
    .innerJoin(pageIds, sql`page.id = ${pointTransactions.id}`)
    .innerJoin(seasons, eq(seasons.id, pointTransactions.seasonId))
    .orderBy(pageOrdinal, desc(pointTransactions.createdAt), desc(pointTransactions.id));
  return groupByOrdinal(keys, rows).map((group) => group.map((entry) => entry.row));
}

/** The batches of one database handle, made per shape on first use. */
const historyBatches = perHandle((db: Queryable) => {
  const counts = new Map<string, BatchedRead<HistoryKey, number>>();
  const pages = new Map<string, BatchedRead<HistoryKey, HistoryRow[]>>();
  return {
    count(key: HistoryKey): Promise<number> {
      const shape = historyShape(key);
      let batch = counts.get(shape);
      if (!batch) {
        batch = new BatchedRead((keys) => countHistories(db, keys, key.season !== null));
        counts.set(shape, batch);
      }
      return batch.load(key);
    },
    page(key: HistoryKey, fromOldest: boolean): Promise<HistoryRow[]> {
      const shape = historyShape(key, fromOldest);
      let batch = pages.get(shape);
      if (!batch) {
        batch = new BatchedRead((keys) =>
          readHistoryPages(db, keys, key.season !== null, fromOldest),
        );
        pages.set(shape, batch);
      }
      return batch.load(key);
    },
  };
});

/**
 * One page of the user's ledger, newest first, with its cycle's name, and the
 * total. The total of the whole history is users.ledger_rows (no count); a
 * filtered one is counted over its index range. The page is read from whichever
 * end is nearer (lib/page-meta.ts), so a deep page costs no more than a shallow
 * one. Every read is batched with the other requests in flight.
 */
export async function transactionsPage(
  db: Queryable,
  userId: number,
  filters: TransactionFilters,
  page: PageQuery,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const key: HistoryKey = {
    userId,
    from: filters.from ?? null,
    to: filters.to ?? null,
    season: filters.season ?? null,
    limit: 0,
    offset: 0,
  };
  const batches = historyBatches(db);
  const filtered = key.from !== null || key.to !== null || key.season !== null;
  const total = filtered
    ? await batches.count(key)
    : (await findPageCounters(db, userId)).ledgerRows;
  const scan = pageScan(page, total);
  if (scan.limit === 0) return { rows: [], total };
  const rows = await batches.page(
    { ...key, limit: scan.limit, offset: scan.offset },
    scan.fromOldest,
  );
  return { rows, total };
}
