/**
 * How the two paged tables scale with one user's rows: page 1, the middle page
 * and the last page of the network statistics (GET /v1/api/points) and of the
 * transactions, for users with 1 000, 100 000 and 1 000 000 rows, through the
 * real server. The pages are read from the nearer end and the totals come from
 * per-user counters (lib/page-meta.ts), so the last page should cost what page 1 does.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { fixed, megabytes, table, verdict, whole, type Section } from '../lib/report.ts';
import {
  residentBytes,
  sampleResidentPeak,
  serverSettings,
  startServer,
} from '../lib/server-process.ts';
import { signIn } from '../lib/sessions.ts';
import { sequentialLatency, type LatencyFigures } from '../lib/timing.ts';
import { seedHeavyUser } from '../seed/seed-database.ts';

export const SCALE_TARGET = {
  lastPageOverFirst: 2,
  /** The server's peak RSS while it streams the largest user's whole list as CSV. */
  exportRssBytes: 250 * 1024 * 1024,
};
const PAGE_SIZE = 10;

export interface ScaleBenchOptions {
  databaseUrl: string;
  sizes: number[];
  samples: number;
}

interface ExportFigures {
  table: string;
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeBytes: number;
  peakRssBytes: number;
}

/**
 * Downloads an export over HTTP, counting its lines and bytes as they arrive
 * (the benchmark holds no more of it than the server does), while the
 * server's RSS is sampled.
 */
async function measureExport(
  pid: number,
  url: string,
  headers: Record<string, string>,
): Promise<Omit<ExportFigures, 'table'>> {
  const rssBeforeBytes = residentBytes(pid);
  const rss = sampleResidentPeak(pid);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let peakRssBytes: number;
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    peakRssBytes = rss.stop();
  }
  return {
    // The header row is not a row of the list.
    rows: lines - 1,
    bytes,
    seconds: (performance.now() - started) / 1000,
    rssBeforeBytes,
    peakRssBytes,
  };
}

interface Curve {
  rows: number;
  table: string;
  first: LatencyFigures;
  middle: LatencyFigures;
  last: LatencyFigures;
}

export async function runScaleBench(options: ScaleBenchOptions): Promise<Section> {
  const database = fromPostgres(options.databaseUrl, 1);
  const seeded: { userId: number; rows: number; seconds: number }[] = [];
  try {
    for (const rows of options.sizes) seeded.push(await seedHeavyUser(database, rows));
  } finally {
    await database.close();
  }
  const server = await startServer(await serverSettings({ DATABASE_URL: options.databaseUrl }));
  const sessionsDb = fromPostgres(options.databaseUrl, 1);
  const curves: Curve[] = [];
  const exports: ExportFigures[] = [];
  try {
    const sessions = await signIn(
      sessionsDb.db,
      server.env,
      seeded.map((user) => user.userId),
    );
    for (const [index, user] of seeded.entries()) {
      const session = sessions.find((candidate) => candidate.userId === user.userId);
      if (!session) throw new Error(`no session for user ${user.userId}`);
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const lastPage = Math.ceil(user.rows / PAGE_SIZE);
      const middlePage = Math.ceil(lastPage / 2);
      for (const [name, path] of [
        ['network statistics', '/v1/api/points'],
        ['transactions', '/v1/api/transactions'],
      ] as const) {
        const pageUrl = (page: number) =>
          `${server.url}${path}?pageNumber=${page}&pageSize=${PAGE_SIZE}`;
        console.error(`scale: ${name}, ${whole(options.sizes[index] ?? 0)} rows`);
        curves.push({
          rows: user.rows,
          table: name,
          first: await sequentialLatency(pageUrl(1), headers, options.samples),
          middle: await sequentialLatency(pageUrl(middlePage), headers, options.samples),
          last: await sequentialLatency(pageUrl(lastPage), headers, options.samples),
        });
      }
    }
    const largestUser = seeded.find((user) => user.rows === Math.max(...options.sizes));
    const session = sessions.find((candidate) => candidate.userId === largestUser?.userId);
    if (largestUser && session) {
      const headers = { authorization: `Bearer ${session.accessToken}` };
      for (const [name, path] of [
        ['network statistics', '/v1/api/points/export'],
        ['transactions', '/v1/api/transactions/export'],
      ] as const) {
        console.error(`scale: ${name} CSV export, ${whole(largestUser.rows)} rows`);
        exports.push({
          table: name,
          ...(await measureExport(server.pid, `${server.url}${path}`, headers)),
        });
      }
    }
  } finally {
    await server.stop();
    await sessionsDb.close();
  }

  const largest = Math.max(...options.sizes);
  const targets = curves
    .filter((curve) => curve.rows === largest)
    .map((curve) => ({
      name: `${curve.table}: last page of ${whole(largest)} rows within ${SCALE_TARGET.lastPageOverFirst}x of page 1`,
      met: curve.last.medianMs <= SCALE_TARGET.lastPageOverFirst * curve.first.medianMs,
    }));
  const rows = curves.map((curve) => {
    const ratio = curve.last.medianMs / curve.first.medianMs;
    return [
      curve.table,
      whole(curve.rows),
      fixed(curve.first.medianMs, 2),
      fixed(curve.middle.medianMs, 2),
      fixed(curve.last.medianMs, 2),
      fixed(curve.last.p99Ms, 2),
      fixed(ratio, 2),
      curve.rows === largest ? verdict(ratio <= SCALE_TARGET.lastPageOverFirst) : '-',
    ];
  });
  const exportMet = (figures: ExportFigures) =>
    figures.peakRssBytes < SCALE_TARGET.exportRssBytes && figures.rows === largest;
  for (const figures of exports) {
    targets.push({
      name: `${figures.table}: CSV export of ${whole(largest)} rows, server RSS < ${megabytes(SCALE_TARGET.exportRssBytes)}`,
      met: exportMet(figures),
    });
  }
  const exportRows = exports.map((figures) => [
    figures.table,
    whole(figures.rows),
    `${fixed(figures.bytes / 1024 / 1024, 1)} MB`,
    fixed(figures.seconds, 1),
    whole(Math.round(figures.rows / figures.seconds)),
    megabytes(figures.rssBeforeBytes),
    megabytes(figures.peakRssBytes),
    verdict(exportMet(figures)),
  ]);
  const seedLines = seeded.map(
    (user) =>
      `${whole(user.rows)} tests + ${whole(user.rows)} ledger rows seeded in ${fixed(user.seconds)} s`,
  );
  const body = [
    `Median of ${options.samples} sequential requests (page size ${PAGE_SIZE}) through the server; the baseline of each row is its own page 1.`,
    '',
    table(
      [
        'table',
        'rows',
        'page 1 ms',
        'middle page ms',
        'last page ms',
        'last page p99 ms',
        'last / page 1',
        'target',
      ],
      rows,
    ),
    '',
    ...seedLines.map((line) => `- ${line}`),
    '',
    `CSV exports of the ${whole(largest)}-row user over HTTP (streamed in chunks of 1,000 rows; ` +
      `the server's RSS sampled every 200 ms; target: every row, peak RSS < ${megabytes(SCALE_TARGET.exportRssBytes)}).`,
    '',
    table(
      ['export', 'rows', 'size', 'seconds', 'rows/s', 'RSS before', 'peak RSS', 'target'],
      exportRows,
    ),
  ].join('\n');
  return { title: 'Scale: page 1 against the last page, and the CSV exports', body, targets };
}
