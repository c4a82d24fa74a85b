/**
 * The hot reads against a constant route, on a seeded database: the real server
 * runs in its own process, autocannon drives it from this one. Each hot read's
 * req/s is given as a share of the baseline's, measured in the same run.
 */
import { sql } from 'drizzle-orm';
import { fromPostgres } from '@netpulse/server/tooling';
import { loadPath, type LoadFigures } from '../lib/load.ts';
import { fixed, megabytes, table, verdict, whole, type Section } from '../lib/report.ts';
import { cpuMilliseconds, sampleResidentPeak, startServer } from '../lib/server-process.ts';
import { signIn, spreadUserIds } from '../lib/sessions.ts';

export const API_TARGETS = { shareOfBaseline: 0.35, p99Ms: 25, rssBytes: 250 * 1024 * 1024 };

export interface ApiBenchOptions {
  databaseUrl: string;
  /** How many seeded users to sign in and spread the load over. */
  users: number;
  connections: number;
  durationSeconds: number;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The hot reads of the dashboard, the tables and the referral screen. */
function hotReads(seasonName: string, testsPerUser: number): [string, string][] {
  const today = new Date();
  const lastPage = Math.max(1, Math.ceil(testsPerUser / 10));
  const dates = `startDate=${isoDay(new Date(today.getTime() - 10 * DAY_MS))}&endDate=${isoDay(today)}`;
  return [
    ['profile', '/v1/api/auth/profile'],
    ['dashboard-stats', '/v1/api/dashboard-stats'],
    ['points page 1', '/v1/api/points?pageNumber=1&pageSize=10'],
    [`points page ${lastPage} (last)`, `/v1/api/points?pageNumber=${lastPage}&pageSize=10`],
    [
      'transactions by cycle and dates',
      `/v1/api/transactions?season=${seasonName}&${dates}&pageNumber=1&pageSize=10`,
    ],
    ['referral status', '/v1/api/referrals-status?pageNumber=1&pageSize=10'],
  ];
}

export async function runApiBench(options: ApiBenchOptions): Promise<Section> {
  const database = fromPostgres(options.databaseUrl, 2);
  const server = await startServer(options.databaseUrl);
  try {
    const found = await database.db.execute<{ users: number; season: string; tests: number }>(sql`
      select (select max(id) from users) as users,
        (select name from seasons where is_current) as season,
        (select credited_tests from users where id = 1) as tests`);
    const facts = (found as unknown as { rows: { users: number; season: string; tests: number }[] })
      .rows[0];
    if (!facts) throw new Error('the database is not seeded');
    const userIds = spreadUserIds(options.users, Number(facts.users));
    const sessions = await signIn(database.db, server.env, userIds);
    /** The load's figures and the server's own CPU time per request in µs. */
    const load = async (path: string): Promise<LoadFigures & { cpuMicros: number }> => {
      const cpuBefore = cpuMilliseconds(server.pid);
      const figures = await loadPath(path, {
        baseUrl: server.url,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        sessions,
      });
      const cpuMicros = ((cpuMilliseconds(server.pid) - cpuBefore) * 1000) / figures.requests;
      return { ...figures, cpuMicros };
    };

    // A short warm-up so JIT and connection pools are settled before anything counts.
    await loadPath('/v1/api/bench/baseline', {
      baseUrl: server.url,
      connections: options.connections,
      durationSeconds: 2,
    });
    const rss = sampleResidentPeak(server.pid);
    const baseline = await load('/v1/api/bench/baseline');
    const results: [string, LoadFigures & { cpuMicros: number }][] = [];
    for (const [name, path] of hotReads(facts.season, Number(facts.tests))) {
      console.error(`api: ${name}`);
      results.push([name, await load(path)]);
    }
    const peakRss = rss.stop();

    const targets = results.flatMap(([name, figures]) => [
      {
        name: `${name}: >= ${API_TARGETS.shareOfBaseline * 100} % of baseline req/s`,
        met: figures.requestsPerSecond >= API_TARGETS.shareOfBaseline * baseline.requestsPerSecond,
      },
      { name: `${name}: p99 < ${API_TARGETS.p99Ms} ms`, met: figures.p99Ms < API_TARGETS.p99Ms },
      { name: `${name}: no failed requests`, met: figures.failures === 0 },
    ]);
    targets.push({
      name: `server RSS < ${megabytes(API_TARGETS.rssBytes)}`,
      met: peakRss < API_TARGETS.rssBytes,
    });
    const row = (
      name: string,
      figures: LoadFigures & { cpuMicros: number },
      ratio: string,
      met: string,
    ) => [
      name,
      whole(figures.requestsPerSecond),
      fixed(figures.p50Ms, 0),
      fixed(figures.p99Ms, 0),
      ratio,
      whole(figures.cpuMicros),
      whole(figures.failures),
      met,
    ];
    const rows = [
      row('baseline (constant route)', baseline, '1.00', '-'),
      ...results.map(([name, figures]) => {
        const ratio = figures.requestsPerSecond / baseline.requestsPerSecond;
        const met =
          ratio >= API_TARGETS.shareOfBaseline &&
          figures.p99Ms < API_TARGETS.p99Ms &&
          figures.failures === 0;
        return row(name, figures, fixed(ratio, 2), verdict(met));
      }),
    ];
    const body = [
      `${options.connections} connections, ${options.durationSeconds} s per endpoint, ` +
        `${whole(options.users)} signed-in users (round robin), ` +
        `${whole(Number(facts.users))} users in the database. ` +
        "Server CPU µs/req is the server process's own CPU time (user + system) per answered request.",
      '',
      table(
        [
          'endpoint',
          'req/s',
          'p50 ms',
          'p99 ms',
          'x baseline',
          'server CPU µs/req',
          'failed',
          'target',
        ],
        rows,
      ),
      '',
      `Server peak RSS during the load: ${megabytes(peakRss)} (target < ${megabytes(API_TARGETS.rssBytes)}): ` +
        `${verdict(peakRss < API_TARGETS.rssBytes)}.`,
    ].join('\n');
    return { title: 'API: hot reads against the baseline', body, targets };
  } finally {
    await server.stop();
    await database.close();
  }
}
