/**
 * The hot reads against a constant route, on a seeded database: the real server
 * runs in its own process, autocannon drives it from this one. Each hot read's
 * req/s, server CPU per request and p99 are given against the baseline route's,
 * measured just before and just after it (half as long each); the same reads on PGlite
 * against PostgreSQL's.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@netpulse/server/tooling';
import { DATABASE_LABEL, withDatabase, type BenchDatabase } from '../lib/bench-database.ts';
import { startCpuMeter, type CpuPerRequest } from '../lib/cpu-meter.ts';
import { loadPath, type LoadFigures } from '../lib/load.ts';
import {
  fixed,
  megabytes,
  percent,
  table,
  verdict,
  whole,
  type Section,
  type Target,
} from '../lib/report.ts';
import { sampleResidentPeak, serverSettings, startServer } from '../lib/server-process.ts';
import { signIn, spreadUserIds } from '../lib/sessions.ts';

export const API_TARGETS = {
  /** A hot read's req/s at least this share of the baseline route's. */
  shareOfBaseline: 0.35,
  /** A hot read's server CPU per request at most this multiple of the baseline's. */
  cpuOverBaseline: 2.5,
  /** A hot read's p99 at most this multiple of the baseline's p99. */
  p99OverBaseline: 5,
  /** The server's peak RSS under the hot reads on PostgreSQL, with headroom (issue 32). */
  rssBytes: 200 * 1024 * 1024,
  /** The same on PGlite, whose database lives in the server's memory. */
  pgliteRssBytes: 350 * 1024 * 1024,
  /** A hot read's req/s on PGlite at least this share of the same read's on PostgreSQL. */
  pgliteShareOfPostgres: 0.25,
};

export interface ApiBenchOptions {
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

export interface ReadFigures extends LoadFigures {
  cpu: CpuPerRequest;
}

/** One run of the hot reads on one database. */
export interface ApiRun {
  database: BenchDatabase['kind'];
  options: ApiBenchOptions;
  usersInDatabase: number;
  /** The baseline's mean over the run, for its row. */
  baseline: ReadFigures;
  /** Each measurement of the baseline, before the first read and after each one. */
  baselines: ReadFigures[];
  /** Each read with what it is compared to: the mean of the baselines just before and after it. */
  reads: { name: string; figures: ReadFigures; baseline: ReadFigures }[];
  peakRssBytes: number;
}

/**
 * The mean of baseline measurements. A machine's speed drifts within a run (on 2026-11-29 the
 * baseline gave 20,922 req/s, then 11,909 a minute later), so each read is compared to the
 * baseline measured around it rather than to one measured at the start.
 */
function meanFigures(measured: ReadFigures[]): ReadFigures {
  const mean = (figure: (figures: ReadFigures) => number) =>
    measured.reduce((sum, figures) => sum + figure(figures), 0) / measured.length;
  const first = measured[0];
  if (!first) throw new Error('no baseline was measured');
  const postgresMicros = measured.every((figures) => figures.cpu.postgresMicros !== null)
    ? mean((figures) => figures.cpu.postgresMicros ?? 0)
    : null;
  return {
    requestsPerSecond: mean((figures) => figures.requestsPerSecond),
    p50Ms: mean((figures) => figures.p50Ms),
    p99Ms: mean((figures) => figures.p99Ms),
    requests: mean((figures) => figures.requests),
    failures: mean((figures) => figures.failures),
    cpu: {
      serverMicros: mean((figures) => figures.cpu.serverMicros),
      postgresMicros,
      loadGeneratorMicros: mean((figures) => figures.cpu.loadGeneratorMicros),
      serverCores: mean((figures) => figures.cpu.serverCores),
    },
  };
}

/** What the seeded database holds that the reads' paths depend on. */
async function seededFacts(db: Database) {
  const found = await db.execute(sql`
    select (select max(id) from users) as users,
      (select name from seasons where is_current) as season,
      (select credited_tests from users where id = 1) as tests`);
  const facts = rowsOf<{ users: number; season: string; tests: number }>(found)[0];
  if (!facts?.users) throw new Error('the database is not seeded');
  return { users: Number(facts.users), season: facts.season, tests: Number(facts.tests) };
}

/**
 * The baseline route and every hot read on a seeded database. Users are signed
 * in before the server starts (PGlite has one owner at a time).
 */
export async function measureApi(
  database: BenchDatabase,
  options: ApiBenchOptions,
): Promise<ApiRun> {
  const settings = await serverSettings(database.serverEnv);
  const { facts, sessions } = await withDatabase(database, async (handle) => {
    const facts = await seededFacts(handle.db);
    const userIds = spreadUserIds(options.users, facts.users);
    return { facts, sessions: await signIn(handle.db, settings.env, userIds) };
  });
  const server = await startServer(settings);
  try {
    const label = `api on ${DATABASE_LABEL[database.kind]}`;
    const load = async (
      path: string,
      durationSeconds = options.durationSeconds,
    ): Promise<ReadFigures> => {
      const meter = startCpuMeter(server.pid, database.kind === 'postgres');
      const figures = await loadPath(path, {
        baseUrl: server.url,
        connections: options.connections,
        durationSeconds,
        sessions,
      });
      return { ...figures, cpu: meter.stop(figures.requests) };
    };

    // A short warm-up so JIT and connection pools are settled before anything counts.
    await loadPath('/v1/api/bench/baseline', {
      baseUrl: server.url,
      connections: options.connections,
      durationSeconds: 2,
    });
    const rss = sampleResidentPeak(server.pid);
    const measureBaseline = () => {
      console.error(`${label}: baseline`);
      // Half a read's time: the two around a read make one read's worth.
      return load('/v1/api/bench/baseline', Math.max(3, Math.round(options.durationSeconds / 2)));
    };
    const baselines = [await measureBaseline()];
    const reads: ApiRun['reads'] = [];
    for (const [name, path] of hotReads(facts.season, facts.tests)) {
      console.error(`${label}: ${name}`);
      const figures = await load(path);
      const before = baselines[baselines.length - 1]!;
      const after = await measureBaseline();
      baselines.push(after);
      reads.push({ name, figures, baseline: meanFigures([before, after]) });
    }
    return {
      database: database.kind,
      options,
      usersInDatabase: facts.users,
      baseline: meanFigures(baselines),
      baselines,
      reads,
      peakRssBytes: rss.stop(),
    };
  } finally {
    await server.stop();
  }
}

/** Each hot read against the baseline: the PostgreSQL run's targets. */
function againstBaseline(baseline: ReadFigures, figures: ReadFigures) {
  const share = figures.requestsPerSecond / baseline.requestsPerSecond;
  const cpu = figures.cpu.serverMicros / baseline.cpu.serverMicros;
  // autocannon's latencies are whole milliseconds: a baseline p99 under 1 ms counts as 1.
  const p99 = figures.p99Ms / Math.max(1, baseline.p99Ms);
  return {
    share,
    cpu,
    p99,
    shareMet: share >= API_TARGETS.shareOfBaseline,
    cpuMet: cpu <= API_TARGETS.cpuOverBaseline,
    p99Met: p99 <= API_TARGETS.p99OverBaseline,
  };
}

const micros = (value: number | null) => (value === null ? '-' : whole(value));

function describeLoad(run: ApiRun): string {
  const { options } = run;
  return (
    `${options.connections} connections, ${options.durationSeconds} s per endpoint, ` +
    `${whole(options.users)} signed-in users (round robin), ` +
    `${whole(run.usersInDatabase)} users in the database.`
  );
}

export function apiSection(run: ApiRun): Section {
  const { baseline, options } = run;
  const targets: Target[] = run.reads.flatMap(({ name, figures, baseline: around }) => {
    const ratios = againstBaseline(around, figures);
    return [
      {
        name: `${name}: req/s >= ${percent(API_TARGETS.shareOfBaseline)} of the baseline's`,
        met: ratios.shareMet,
      },
      {
        name: `${name}: server CPU per request <= ${API_TARGETS.cpuOverBaseline}x the baseline's`,
        met: ratios.cpuMet,
      },
      {
        name: `${name}: p99 <= ${API_TARGETS.p99OverBaseline}x the baseline's at ${options.connections} connections`,
        met: ratios.p99Met,
      },
      { name: `${name}: no failed requests`, met: figures.failures === 0 },
    ];
  });
  const rssMet = run.peakRssBytes < API_TARGETS.rssBytes;
  targets.push({ name: `server RSS < ${megabytes(API_TARGETS.rssBytes)}`, met: rssMet });
  const row = (name: string, figures: ReadFigures, ratios: string[], met: string) => [
    name,
    whole(figures.requestsPerSecond),
    fixed(figures.p50Ms, 0),
    fixed(figures.p99Ms, 0),
    whole(figures.cpu.serverMicros),
    micros(figures.cpu.postgresMicros),
    whole(figures.cpu.loadGeneratorMicros),
    ...ratios,
    whole(figures.failures),
    met,
  ];
  const baselineRates = run.baselines.map((figures) => figures.requestsPerSecond);
  const baselineCpu = run.baselines.map((figures) => figures.cpu.serverMicros);
  const rows = [
    row('baseline (constant route), mean', baseline, ['1.00', '1.0', '1.0'], '-'),
    ...run.reads.map(({ name, figures, baseline: around }) => {
      const ratios = againstBaseline(around, figures);
      const met = ratios.shareMet && ratios.cpuMet && ratios.p99Met && figures.failures === 0;
      return row(
        name,
        figures,
        [fixed(ratios.share, 2), fixed(ratios.cpu, 1), fixed(ratios.p99, 1)],
        verdict(met),
      );
    }),
  ];
  const body = [
    `${describeLoad(run)} CPU µs/req is each process's own CPU time (user + system) per answered ` +
      'request: the server, PostgreSQL (all its processes), and the load generator (autocannon). ' +
      `Targets: req/s >= ${percent(API_TARGETS.shareOfBaseline)} of the baseline's, server CPU per request ` +
      `<= ${API_TARGETS.cpuOverBaseline}x, p99 <= ${API_TARGETS.p99OverBaseline}x, no failures.`,
    '',
    `The baseline was measured before the first read and after each one (${run.baselines.length} times: ` +
      `${whole(Math.min(...baselineRates))} to ${whole(Math.max(...baselineRates))} req/s, ` +
      `${whole(Math.min(...baselineCpu))} to ${whole(Math.max(...baselineCpu))} server CPU µs/req); ` +
      'each read is compared with the mean of the two measured around it.',
    '',
    table(
      [
        'endpoint',
        'req/s',
        'p50 ms',
        'p99 ms',
        'server CPU µs/req',
        'PostgreSQL CPU µs/req',
        'load generator CPU µs/req',
        'req/s x baseline',
        'CPU x baseline',
        'p99 x baseline',
        'failed',
        'target',
      ],
      rows,
    ),
    '',
    `Server peak RSS during the load: ${megabytes(run.peakRssBytes)} (target < ${megabytes(API_TARGETS.rssBytes)}): ` +
      `${verdict(rssMet)}.`,
  ].join('\n');
  return { title: 'API: hot reads against the baseline (PostgreSQL)', body, targets };
}

/**
 * The same reads on PGlite, each as a share of its req/s on PostgreSQL in the
 * same run (null when PostgreSQL was not run). `seeded` says how PGlite's
 * database was made.
 */
export function pgliteApiSection(pglite: ApiRun, postgres: ApiRun | null, seeded: string): Section {
  const onPostgres = new Map(postgres?.reads.map((read) => [read.name, read.figures]));
  const shareOf = (figures: ReadFigures, other: ReadFigures | undefined) =>
    other ? figures.requestsPerSecond / other.requestsPerSecond : null;
  const judged = pglite.reads.map(({ name, figures }) => {
    const share = shareOf(figures, onPostgres.get(name));
    return {
      name,
      figures,
      other: onPostgres.get(name),
      share,
      met: share === null ? null : share >= API_TARGETS.pgliteShareOfPostgres,
    };
  });
  const targets: Target[] = judged.flatMap(({ name, figures, met }) => [
    {
      name: `${name} on PGlite: req/s >= ${percent(API_TARGETS.pgliteShareOfPostgres)} of PostgreSQL's`,
      met,
    },
    { name: `${name} on PGlite: no failed requests`, met: figures.failures === 0 },
  ]);
  const rssMet = pglite.peakRssBytes < API_TARGETS.pgliteRssBytes;
  targets.push({
    name: `server RSS on PGlite < ${megabytes(API_TARGETS.pgliteRssBytes)}`,
    met: rssMet,
  });
  const row = (name: string, figures: ReadFigures, other: ReadFigures | undefined, met: string) => {
    const share = shareOf(figures, other);
    return [
      name,
      whole(figures.requestsPerSecond),
      other ? whole(other.requestsPerSecond) : '-',
      share === null ? '-' : percent(share),
      fixed(figures.p50Ms, 0),
      fixed(figures.p99Ms, 0),
      whole(figures.cpu.serverMicros),
      whole(figures.cpu.loadGeneratorMicros),
      whole(figures.failures),
      met,
    ];
  };
  const rows = [
    row('baseline (constant route)', pglite.baseline, postgres?.baseline, '-'),
    ...judged.map(({ name, figures, other, met }) =>
      row(name, figures, other, verdict(met === null ? null : met && figures.failures === 0)),
    ),
  ];
  const body = [
    `The database \`npm start\` gives a single-box operator: the same compiled server started on a ` +
      `DATA_DIR (no DATABASE_URL), ${seeded} ${describeLoad(pglite)} PGlite runs inside the server ` +
      "process (one thread, PostgreSQL compiled to WebAssembly), so the server's CPU per request here " +
      `includes the database's work. Target: each hot read >= ${percent(API_TARGETS.pgliteShareOfPostgres)} ` +
      "of the same read's req/s on PostgreSQL in this run.",
    '',
    table(
      [
        'endpoint',
        'PGlite req/s',
        'PostgreSQL req/s',
        'PGlite / PostgreSQL',
        'p50 ms',
        'p99 ms',
        'server CPU µs/req (database included)',
        'load generator CPU µs/req',
        'failed',
        'target',
      ],
      rows,
    ),
    '',
    `Server peak RSS during the load (PGlite's memory included): ${megabytes(pglite.peakRssBytes)} ` +
      `(target < ${megabytes(API_TARGETS.pgliteRssBytes)}): ${verdict(rssMet)}.`,
  ].join('\n');
  return { title: 'API on PGlite: hot reads against PostgreSQL', body, targets };
}
