/**
 * The read models of the ledger (docs/ARCHITECTURE.md section 5): dashboard stats,
 * the earnings chart, the transaction history and the earnings per cycle. All
 * sums come from point_transactions; only the total is the users.points cache.
 */
import {
  nextUtcMidnight,
  utcDayBounds,
  SERVER_MESSAGES,
  startOfUtcDay,
  transactionDetailsLabel,
  transactionTypeLabel,
  utcDayKey,
  type DashboardStats,
  type EarningRow,
  type EarningsChart,
  type TransactionRow,
  type TransactionType,
  type TransactionsExportQuery,
  type TransactionsQuery,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import type { CsvColumn } from '../../lib/csv.ts';
import { exportFileName, type CsvExport } from '../../lib/csv-export.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { referralLinksOf } from '../referrals/index.ts';
import { currentSeason, startedSeasons } from '../seasons/index.ts';
import {
  dailyPointsByType,
  dashboardFigures,
  pointsBySeasonAndType,
  transactionsInChunks,
  transactionsPage,
  type TypeSum,
} from './earnings-repository.ts';

type EarningsContext = Pick<FastifyInstance, 'db' | 'clock' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The chart shows at most the last 14 UTC days of the current cycle. */
const CHART_DAYS = 14;

/** The four kinds of earning the chart and the earnings table show. */
type Category = 'referralBonus' | 'referralCommission' | 'quests' | 'speedtest';

const CATEGORY_OF: Record<TransactionType, Category> = {
  referral_bonus: 'referralBonus',
  referral_commission: 'referralCommission',
  daily_claim: 'quests',
  streak_bonus: 'quests',
  referral_quest: 'quests',
  quest_reward: 'quests',
  speedtest_earning: 'speedtest',
};

function totalsByCategory(sums: TypeSum[]): Record<Category, number> {
  const totals = { referralBonus: 0, referralCommission: 0, quests: 0, speedtest: 0 };
  for (const { type, points } of sums) totals[CATEGORY_OF[type]] += points;
  return totals;
}

export async function dashboardStats(
  context: EarningsContext,
  userId: number,
): Promise<DashboardStats> {
  const now = context.clock.now();
  const figures = await dashboardFigures(context.db, {
    userId,
    dayStart: startOfUtcDay(now),
    dayEnd: nextUtcMidnight(now),
  });
  if (!figures) throw unauthorized(SERVER_MESSAGES.unauthorized);
  return {
    currentSeason: figures.currentSeason,
    todayEarnings: figures.todayPoints,
    seasonEarnings: figures.seasonPoints,
    totalPoints: figures.points,
    ...referralLinksOf(context.config, figures.referralCode),
  };
}

/** DD/MM of a YYYY-MM-DD day. */
/**
 * One bar per UTC day of the current cycle's last 14 days (fewer while the
 * cycle is younger; at least today), labelled by its UTC date as YYYY-MM-DD
 * (the one date style, decision 031), split into four series.
 */
export async function earningsChart(
  context: EarningsContext,
  userId: number,
): Promise<EarningsChart> {
  const now = context.clock.now();
  const season = await currentSeason(context.db);
  const today = startOfUtcDay(now).getTime();
  const fourteenDaysAgo = today - (CHART_DAYS - 1) * DAY_MS;
  // The later of the two; a cycle that starts after today (a clock set back) shows today.
  const firstDay = Math.min(
    today,
    Math.max(fourteenDaysAgo, startOfUtcDay(season.startedAt).getTime()),
  );
  const from = new Date(firstDay);
  const days: string[] = [];
  for (let day = firstDay; day <= today; day += DAY_MS) days.push(utcDayKey(new Date(day)));

  const rows = await dailyPointsByType(context.db, userId, season.id, from, nextUtcMidnight(now));
  const byDay = new Map(days.map((day) => [day, [] as TypeSum[]]));
  for (const row of rows) byDay.get(row.day)?.push(row);
  const totals = days.map((day) => totalsByCategory(byDay.get(day) ?? []));
  return {
    labels: days,
    datasets: {
      referralBonus: totals.map((t) => t.referralBonus),
      referralEarning: totals.map((t) => t.referralCommission),
      questsEarning: totals.map((t) => t.quests),
      speedtestEarning: totals.map((t) => t.speedtest),
    },
  };
}

/** The transaction history: the filters are UTC days, both ends inclusive. */
export async function transactionHistory(
  context: EarningsContext,
  userId: number,
  query: TransactionsQuery,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const { from, to } = utcDayBounds(query);
  const { rows, total } = await transactionsPage(
    context.db,
    userId,
    { from, to, season: query.season },
    query,
  );
  return { rows: rows.map(toTransactionRow), total };
}

type HistoryRow = Awaited<ReturnType<typeof transactionsPage>>['rows'][number];

/** A history row as the list answers it (and the exports write it). */
export function toTransactionRow(row: HistoryRow): TransactionRow {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    transaction_type: row.type,
    date_time: row.createdAt.toISOString(),
    season: row.season,
    points_earned: row.pointsEarned,
    details: row.details,
  };
}

/**
 * The columns of the transactions export: the list's fields but its internal id, with
 * headers and values as the Transaction History screen words them (issue 27).
 */
export const TRANSACTIONS_EXPORT_COLUMNS: readonly CsvColumn<TransactionRow>[] = [
  { header: 'Transaction ID', value: (row) => row.transaction_id },
  { header: 'Type', value: (row) => transactionTypeLabel(row.transaction_type) },
  { header: 'Time (UTC)', value: (row) => row.date_time },
  { header: 'Cycle', value: (row) => row.season },
  { header: 'Bytes', value: (row) => row.points_earned },
  { header: 'Details', value: (row) => transactionDetailsLabel(row.details) },
];

/**
 * The transaction history as a CSV export: every row the list shows for the
 * same filters (the same UTC-day bounds and condition), newest first.
 */
export function transactionsExport(
  context: EarningsContext,
  userId: number,
  query: TransactionsExportQuery,
  chunkRows?: number,
): CsvExport<TransactionRow> {
  const { from, to } = utcDayBounds(query);
  return {
    fileName: exportFileName(
      context.config.PRODUCT_NAME,
      'transactions',
      { ...query, scope: query.season },
      context.clock.now(),
    ),
    columns: TRANSACTIONS_EXPORT_COLUMNS,
    chunks: async function* (signal) {
      const filters = { from, to, season: query.season };
      for await (const rows of transactionsInChunks(context.db, userId, filters, {
        chunkRows,
        signal,
      })) {
        yield rows.map(toTransactionRow);
      }
    },
  };
}

/**
 * One row per cycle in which the user earned anything, newest first; a user who has
 * earned nothing gets no rows, so the screen shows its no-earnings state.
 * endDate is when the cycle ended, or for the current one its planned end (or null).
 */
export async function earningsBySeason(
  context: EarningsContext,
  userId: number,
): Promise<EarningRow[]> {
  const seasons = await startedSeasons(context.db);
  const sums = await pointsBySeasonAndType(context.db, userId);
  const earnedIn = new Set(sums.map((sum) => sum.seasonId));
  return seasons
    .reverse()
    .filter((season) => earnedIn.has(season.id))
    .map((season) => {
      const totals = totalsByCategory(sums.filter((sum) => sum.seasonId === season.id));
      return {
        season: season.name,
        startDate: season.startedAt.toISOString(),
        endDate: (season.endedAt ?? season.endsAt)?.toISOString() ?? null,
        referralsReward: totals.referralBonus,
        speedtestEarning: totals.speedtest,
        referralCommission: totals.referralCommission,
        questsEarning: totals.quests,
        total: totals.referralBonus + totals.speedtest + totals.referralCommission + totals.quests,
      };
    });
}
