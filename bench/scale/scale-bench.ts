/**
 * How the two paged tables scale with one user's rows: page 1, the middle page
 * and the last page of the network statistics (GET /v1/api/points) and of the
 * transactions, for users with 1 000, 100 000 and 1 000 000 rows, through the
 * real server. The pages are read from the nearer end and the totals come from
 * per-user counters (lib/page-meta.ts), so the last page should cost what page 1 does.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { fixed, table, verdict, whole, type Section } from '../lib/report.ts';
import { startServer } from '../lib/server-process.ts';
import { signIn } from '../lib/sessions.ts';
import { sequentialLatency, type LatencyFigures } from '../lib/timing.ts';
import { seedHeavyUser } from '../seed/seed-database.ts';

export const SCALE_TARGET = { lastPageOverFirst: 2 };
const PAGE_SIZE = 10;

export interface ScaleBenchOptions {
  databaseUrl: string;
  sizes: number[];
  samples: number;
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
  const server = await startServer(options.databaseUrl);
  const sessionsDb = fromPostgres(options.databaseUrl, 1);
  const curves: Curve[] = [];
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
  ].join('\n');
  return { title: 'Scale: page 1 against the last page', body, targets };
}
