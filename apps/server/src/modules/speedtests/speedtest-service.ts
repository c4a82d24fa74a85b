/**
 * Network contribution (docs/ARCHITECTURE.md section 5). A test is a session: it is
 * opened here, measured by the server's own ndt7 endpoints (ndt7/), and
 * completed here, which credits it once. Client-reported speeds never count.
 */
import {
  POINTS_MESSAGES,
  startOfUtcDay,
  utcDayBounds,
  type CompleteSpeedtestRequest,
  type CompletedSpeedtest,
  type NetworkStatRow,
  type PageQuery,
  type SpeedHistory,
  type SpeedHistoryQuery,
  type SpeedtestReceipt,
  type PointsExportQuery,
  type SpeedtestSession,
  SPEED_HISTORY_MAX,
  SPEEDTEST_BASE_POINTS,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.ts';
import { coarseLocation, type CoarseLocation } from '../../lib/coarse-location.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { exportFileName, type CsvExport } from '../../lib/csv-export.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import { nodeForNewTest, nodeOwnedBy } from '../nodes/index.ts';
import { megabitsPerSecond, speedsOf } from '../../lib/throughput.ts';
import type { MeasurementRuns } from './ndt7/measurement-runs.ts';
import type { TicketSigner } from './ndt7/ticket.ts';
import { SPEEDTEST_POLICY, type Direction } from './speedtest-policy.ts';
import {
  completedSpeedtestsPage,
  completedTestsInChunks,
  countCreditedSince,
  creditedTestsThisCycle,
  creditedTestWithCommission,
  insertSpeedtest,
  lastOpenedAt,
  lockSpeedtestUser,
  type NetworkStatColumns,
  type SpeedtestRow,
} from './speedtests-repository.ts';
import { inTransaction } from '../../db/transaction.ts';

export interface SpeedtestContext extends Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'completions'
> {
  tickets: TicketSigner;
  runs: MeasurementRuns;
}

/** ws(s)://host/ndt/v7/<direction>?ticket=..., from PUBLIC_URL. */
function ndt7Url(context: SpeedtestContext, testId: string, direction: Direction): string {
  const url = new URL(`/ndt/v7/${direction}`, context.config.PUBLIC_URL);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', context.tickets.ticketFor(testId, direction));
  return url.toString();
}

/** 429 once the user has SPEEDTEST_DAILY_LIMIT tests credited on this UTC day. */
async function refuseOverDailyLimit(
  tx: Transaction,
  context: SpeedtestContext,
  userId: number,
  now: Date,
): Promise<void> {
  const creditedToday = await countCreditedSince(tx, userId, startOfUtcDay(now));
  if (creditedToday >= context.config.SPEEDTEST_DAILY_LIMIT) {
    throw tooManyRequests(POINTS_MESSAGES.dailyLimitReached);
  }
}

/**
 * Opens a test for the user at `ipAddress`: refused while the user has used up
 * today's credited tests, or opened one less than SPEEDTEST_MIN_INTERVAL_S ago.
 * The user's row is locked so two opens at once are judged one after the other.
 * The test belongs to the opener's node, if any (nodes-service nodeForNewTest).
 */
export async function openSpeedtest(
  context: SpeedtestContext,
  opener: { userId: number; sessionId: string; nodeId?: string },
  ipAddress: string,
): Promise<SpeedtestSession> {
  const now = context.clock.now();
  const { userId } = opener;
  const test = await inTransaction(context.db, async (tx) => {
    await lockSpeedtestUser(tx, userId);
    const nodeId = await nodeForNewTest(tx, opener, now);
    await refuseOverDailyLimit(tx, context, userId, now);
    const previous = await lastOpenedAt(tx, userId);
    const minIntervalMs = context.config.SPEEDTEST_MIN_INTERVAL_S * 1000;
    if (previous && now.getTime() - previous.getTime() < minIntervalMs) {
      throw tooManyRequests(POINTS_MESSAGES.tooSoon);
    }
    return insertSpeedtest(tx, {
      userId,
      nodeId,
      ipAddress,
      openedAt: now,
      expiresAt: new Date(now.getTime() + SPEEDTEST_POLICY.ticketLifetimeMs),
    });
  });
  return {
    testId: test.id,
    downloadUrl: ndt7Url(context, test.id, 'download'),
    uploadUrl: ndt7Url(context, test.id, 'upload'),
    expiresAt: test.expiresAt.toISOString(),
  };
}

/**
 * The ndt7 endpoints' two writes, which are the repository's own statements: a
 * socket is admitted for a direction once (false when its ticket was used, came
 * too late or the test is completed), and what the server measured of it is
 * stored once for the completion to read.
 */
export {
  startDirection as admitDirection,
  recordDirection as recordDirectionResult,
} from './speedtests-repository.ts';

/**
 * A row of the network statistics table from its columns: the list's, and
 * the CSV export's, which reuses it so both say the same.
 */
export function toNetworkStatRow(row: NetworkStatColumns): NetworkStatRow {
  return {
    id: row.id,
    created_at: (row.completedAt ?? row.openedAt).toISOString(),
    is_ip_slashing: row.isIpSlashing,
    is_location_slashing: row.isLocationSlashing,
    ip_address: row.ipAddress,
    points: row.points ?? 0,
    additional_boost: row.additionalBoost,
    ...speedsOf(row),
    latency_ms: row.latencyMs,
    node_name: row.nodeName,
  };
}

/** The completion's answer: a credited test has both directions measured. */
function toCompletedSpeedtest(row: SpeedtestRow, nodeName: string | null): CompletedSpeedtest {
  return {
    ...toNetworkStatRow({ ...row, nodeName }),
    download_mbps: megabitsPerSecond(row.downloadBytes ?? 0, row.downloadElapsedUs ?? 0),
    upload_mbps: megabitsPerSecond(row.uploadBytes ?? 0, row.uploadElapsedUs ?? 0),
  };
}

/**
 * Completes the user's test and credits it once (docs/ARCHITECTURE.md section 5):
 * 50 Bytes x2 for an address no other account completed a test from in 24 h,
 * x2 for a shared location, x the Elite Role boost, within the daily limit;
 * the referrer's bonus or commission is paid with it. Once the test's runs
 * have settled, the request joins the completions' write group, made at
 * start-up (completion-group.ts, docs/decisions/020): one transaction holds the
 * group's users' rows (the daily limit counts right under concurrency) and
 * their addresses (their uniqueness too), and judges each member as if after
 * the ones before it, so a second completion of a test is a 409 whatever the
 * timing. The answer, or the error, is this request's own.
 */
export async function completeSpeedtest(
  context: SpeedtestContext,
  userId: number,
  request: CompleteSpeedtestRequest,
): Promise<CompletedSpeedtest> {
  await context.runs.settled(request.testId);
  const { row, nodeName } = await context.completions.submit({
    userId,
    testId: request.testId,
    // Microseconds here, before the group: its transaction holds locks and waits for nothing.
    place: placeOf(request),
    at: context.clock.now(),
    dailyLimit: context.config.SPEEDTEST_DAILY_LIMIT,
  });
  return toCompletedSpeedtest(row, nodeName);
}

/**
 * Where the test ran, as stored: the coordinates' H3 cell and country, never the coordinates
 * (docs/decisions/041); null when the request came without them.
 */
function placeOf({ latitude, longitude }: CompleteSpeedtestRequest): CoarseLocation | null {
  if (latitude === undefined || longitude === undefined) return null;
  return coarseLocation(latitude, longitude);
}

/** The network statistics table: the user's credited tests, newest first. */
export async function networkStatsPage(
  context: Pick<SpeedtestContext, 'db'>,
  userId: number,
  page: PageQuery,
) {
  const { rows, total } = await completedSpeedtestsPage(context.db, userId, page);
  return { rows: rows.map(toNetworkStatRow), total };
}

/**
 * GET /v1/api/points/:testId/receipt: a credited test's points factor by factor
 * (the rules of speedtestPoints), and the commission it paid the user's
 * referrer. Nothing of another account: a shared address says only that.
 */
export async function speedtestReceipt(
  context: Pick<SpeedtestContext, 'db'>,
  userId: number,
  testId: string,
): Promise<SpeedtestReceipt> {
  const found = await creditedTestWithCommission(context.db, userId, testId);
  if (!found) throw notFound(POINTS_MESSAGES.creditedTestUnknown);
  const row = toNetworkStatRow(found.test);
  return {
    id: row.id,
    created_at: row.created_at,
    node_name: row.node_name,
    download_mbps: row.download_mbps,
    upload_mbps: row.upload_mbps,
    latency_ms: row.latency_ms,
    base_points: SPEEDTEST_BASE_POINTS,
    unique_ip: { multiplier: 2, applied: !row.is_ip_slashing },
    location: { multiplier: 2, applied: !row.is_location_slashing },
    boost: row.additional_boost,
    points: row.points,
    referrer_commission: found.commission,
  };
}

/**
 * GET /v1/api/points/history: the user's tests credited in the current cycle,
 * oldest first, at most SPEED_HISTORY_MAX (the newest); one node's when
 * `nodeId` names a node of the user (removed ones too: their tests stay), else 404.
 */
export async function speedHistory(
  context: Pick<SpeedtestContext, 'db'>,
  userId: number,
  query: SpeedHistoryQuery,
): Promise<SpeedHistory> {
  if (query.nodeId !== undefined) await nodeOwnedBy(context.db, userId, query.nodeId);
  const tests = await creditedTestsThisCycle(
    context.db,
    { userId, nodeId: query.nodeId },
    SPEED_HISTORY_MAX,
  );
  return {
    points: tests.map((test) => {
      const speeds = speedsOf(test);
      return {
        created_at: (test.completedAt ?? new Date(0)).toISOString(),
        download_mbps: speeds.download_mbps ?? 0,
        upload_mbps: speeds.upload_mbps ?? 0,
        node_id: test.nodeId,
      };
    }),
  };
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The IP address column, which the export leaves out when the table hides addresses. */
const IP_ADDRESS_COLUMN: CsvColumn<NetworkStatRow> = {
  header: 'IP address',
  value: (row) => row.ip_address,
};

/**
 * The columns of the network statistics export, in the table's order, with headers and
 * values a person reads (issue 27): the boosts as Yes/No rather than the spec's
 * `is_*_slashing` flags, which read the wrong way round.
 */
export function pointsExportColumns(hideIp: boolean): CsvColumn<NetworkStatRow>[] {
  return [
    { header: 'Test ID', value: (row) => row.id },
    { header: 'Time (UTC)', value: (row) => row.created_at },
    ...(hideIp ? [] : [IP_ADDRESS_COLUMN]),
    { header: 'Download (Mbit/s)', value: (row) => row.download_mbps },
    { header: 'Upload (Mbit/s)', value: (row) => row.upload_mbps },
    { header: 'Latency (ms)', value: (row) => row.latency_ms },
    { header: 'Node', value: (row) => row.node_name },
    { header: 'Unique IP boost', value: (row) => yesNo(!row.is_ip_slashing) },
    { header: 'Location boost', value: (row) => yesNo(!row.is_location_slashing) },
    { header: 'Elite Role boost', value: (row) => row.additional_boost },
    { header: 'Bytes', value: (row) => row.points },
  ];
}

/**
 * The network statistics as a CSV export: the user's credited tests completed
 * on the days asked for (UTC, both inclusive), optionally one node's, newest
 * first, each row as the table shows it.
 */
export async function pointsExport(
  context: Pick<SpeedtestContext, 'db' | 'clock' | 'config'>,
  userId: number,
  query: PointsExportQuery,
  chunkRows?: number,
): Promise<CsvExport<NetworkStatRow>> {
  // Another account's node, or none, is a 404 as in the speed history: never a file.
  if (query.nodeId !== undefined) await nodeOwnedBy(context.db, userId, query.nodeId);
  const { from, to } = utcDayBounds(query);
  return {
    fileName: exportFileName(
      context.config.PRODUCT_NAME,
      'network-statistics',
      query,
      context.clock.now(),
    ),
    columns: pointsExportColumns(query.hideIp),
    chunks: async function* (signal) {
      const filters = { from, to, nodeId: query.nodeId };
      for await (const rows of completedTestsInChunks(context.db, userId, filters, {
        chunkRows,
        signal,
      })) {
        yield rows.map(toNetworkStatRow);
      }
    },
  };
}
