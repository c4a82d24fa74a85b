/**
 * The explorer's cost (issue 31, docs/decisions/042) on PostgreSQL: a month of speed tests
 * (1,000,000 by default, bench/explorer/explorer-seed.ts) rebuilt by the server's own
 * `rebuildPeriod` in this process, timed, with this process's peak RSS; then the compiled
 * server started on that database and its three public explorer routes loaded for the
 * month against the baseline route, in the same run.
 */
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  DAILY_REBUILD_KIND,
  fromPostgres,
  parseEnv,
  rebuildPeriod,
  rowsOf,
  type Database,
  type RebuildOutcome,
} from '@netpulse/server/tooling';
import { startCpuMeter, type CpuPerRequest } from '../lib/cpu-meter.ts';
import { loadPath, type LoadFigures } from '../lib/load.ts';
import { loadAverage } from '../lib/machine.ts';
import {
  fixed,
  kilobytes,
  megabytes,
  percent,
  table,
  verdict,
  whole,
  type Section,
  type Target,
} from '../lib/report.ts';
import {
  peakResidentBytes,
  residentBytes,
  resetOwnResidentPeak,
  sampleResidentPeak,
  serverSettings,
  startServer,
  type ServerProcess,
} from '../lib/server-process.ts';
import {
  EXPLORER_SEED_SHARES,
  previousMonth,
  seedExplorerMonth,
  type ExplorerSeedFigures,
} from './explorer-seed.ts';
import { PLACES } from '../seed/places.ts';

export const EXPLORER_TARGETS = {
  /** A month's rebuild on PostgreSQL, in seconds. */
  rebuildSeconds: 60,
  /** Each public explorer route's req/s at least this share of the baseline route's. */
  shareOfBaseline: 0.5,
};

export interface ExplorerBenchOptions {
  /** A fresh, empty PostgreSQL database (bench_*): migrated and seeded here. */
  databaseUrl: string;
  tests: number;
  /** Default: 20,000, or one per 50 tests when fewer tests are asked for. */
  accounts?: number;
  connections: number;
  durationSeconds: number;
}

/** The accounts for `tests`: 20,000 for a million, never fewer than 100. */
export const accountsFor = (tests: number) =>
  Math.max(100, Math.min(20_000, Math.round(tests / 50)));

/**
 * The published cells at resolution 5: what the map asks for zoomed in 12 to 32 times
 * (apps/web's resolutionForScale; the world at first sight is resolution 3).
 */
const LOADED_RESOLUTION = 5;
const BASELINE_PATH = '/v1/api/bench/baseline';
/** What a browser's fetch sends: the cells route answers it compressed (Brotli). */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface RebuildFigures {
  outcome: RebuildOutcome;
  seconds: number;
  rssBeforeBytes: number;
  peakRssBytes: number;
  /** What the peak is: the kernel's high-water mark, or a 200 ms sample. */
  peakMeasuredBy: 'VmHWM' | 'sampled';
  /** A digest of the period's written rows, to tell a repeat from a change. */
  digest: string;
}

/**
 * One rebuild of `period`, timed; the peak RSS is this process's VmHWM reset just before
 * (exact), or, where the kernel refuses the reset, its RSS sampled every 200 ms.
 */
async function timedRebuild(
  db: Database,
  period: string,
  minAccounts: number,
  label: string,
): Promise<RebuildFigures> {
  const rssBeforeBytes = residentBytes(process.pid);
  const reset = resetOwnResidentPeak();
  const sampled = sampleResidentPeak(process.pid);
  const startedAt = performance.now();
  let outcome: RebuildOutcome;
  let sampledPeak: number;
  try {
    outcome = await rebuildPeriod(db, period, {
      now: new Date(),
      minAccounts,
      onProgress: (line) => console.error(`${label}: ${line}`),
    });
  } finally {
    sampledPeak = sampled.stop();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    outcome,
    seconds,
    rssBeforeBytes,
    peakRssBytes: reset ? peakResidentBytes(process.pid) : sampledPeak,
    peakMeasuredBy: reset ? 'VmHWM' : 'sampled',
    digest: await digestOf(db, period),
  };
}

/** An md5 of the period's published cells and countries, every column but the period. */
async function digestOf(db: Database, period: string): Promise<string> {
  const found = await db.execute(sql`
    select md5(
      coalesce((select string_agg(row(c.*)::text, ';' order by c.resolution, c.cell)
        from explorer_cells c where c.period = ${period}), '') || '|' ||
      coalesce((select string_agg(row(n.*)::text, ';' order by n.country)
        from explorer_countries n where n.period = ${period}), '')) as digest`);
  return rowsOf<{ digest: string }>(found)[0]?.digest ?? '';
}

/** The period's published cells per resolution, and its network figures' counts. */
async function publishedOf(db: Database, period: string) {
  const byResolution = rowsOf<{ resolution: number; cells: number }>(
    await db.execute(sql`
      select resolution, count(*)::int as cells from explorer_cells
      where period = ${period} group by resolution order by resolution`),
  );
  const network = rowsOf<{ tests: number; nodes: number; accounts: number }>(
    await db.execute(sql`
      select tests, nodes, accounts from explorer_periods where period = ${period}`),
  )[0];
  return { byResolution, network };
}

/** The server's own daily rebuild (queued at its start): its state and seconds. */
async function dailyRebuildOf(db: Database): Promise<{ seconds: number; state: string }> {
  const [job] = rowsOf<{ state: string; seconds: number | null }>(
    await db.execute(sql`
      select state, extract(epoch from finished_at - created_at)::float8 as seconds
      from jobs where kind = ${DAILY_REBUILD_KIND} order by id desc limit 1`),
  );
  return { seconds: Number(job?.seconds ?? 0), state: job?.state ?? 'not queued' };
}

interface RouteFigures extends LoadFigures {
  name: string;
  path: string;
  cpu: CpuPerRequest;
  /** One answer's rows (null for an answer without rows), its size as sent and its coding. */
  rows: number | null;
  bytes: number;
  encoding: string;
}

/** One answer, checked: 200, and its rows and size as sent (compressed when `headers` take it). */
async function probe(server: ServerProcess, path: string, headers: Record<string, string>) {
  const response = await new Promise<{ status: number; sent: Buffer; encoding?: string }>(
    (resolve, reject) => {
      const request = httpGet(`${server.url}${path}`, { headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            sent: Buffer.concat(chunks),
            encoding: answer.headers['content-encoding'],
          }),
        );
      });
      request.on('error', reject);
    },
  );
  const decoded =
    response.encoding === 'br'
      ? brotliDecompressSync(response.sent)
      : response.encoding === 'gzip'
        ? gunzipSync(response.sent)
        : response.sent;
  const body = decoded.toString();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body}`);
  const data = (JSON.parse(body) as { data?: { rows?: unknown[] } }).data;
  return {
    rows: Array.isArray(data?.rows) ? data.rows.length : null,
    bytes: response.sent.length,
    encoding: response.encoding ?? 'identity',
  };
}

/** The baseline, each route, the baseline again: req/s and CPU per request of each. */
async function loadRoutes(
  server: ServerProcess,
  month: string,
  options: ExplorerBenchOptions,
): Promise<{
  baselines: RouteFigures[];
  routes: RouteFigures[];
  /** The cells as a browser asks for them, compressed: shown, not judged (see the section). */
  compressedCells: RouteFigures;
  peakRssBytes: number;
}> {
  const load = async (
    name: string,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<RouteFigures> => {
    const answer = await probe(server, path, headers);
    console.error(`explorer: load ${name}`);
    const meter = startCpuMeter(server.pid, true);
    const figures = await loadPath(path, {
      baseUrl: server.url,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      headers,
    });
    return { ...figures, ...answer, name, path, cpu: meter.stop(figures.requests) };
  };
  // A short warm-up so JIT and connection pools are settled before anything counts.
  await loadPath(BASELINE_PATH, {
    baseUrl: server.url,
    connections: options.connections,
    durationSeconds: 2,
  });
  const rss = sampleResidentPeak(server.pid);
  const first = await load('baseline (before)', BASELINE_PATH);
  const cellsPath = `/v1/explorer/cells?period=${month}&resolution=${LOADED_RESOLUTION}`;
  const cells = await load(`cells, resolution ${LOADED_RESOLUTION}`, cellsPath);
  const compressedCells = await load(
    `cells, resolution ${LOADED_RESOLUTION}, compressed for a browser`,
    cellsPath,
    BROWSER_ENCODINGS,
  );
  const routes = [
    cells,
    await load('summary', `/v1/explorer/summary?period=${month}`),
    await load('countries', `/v1/explorer/countries?period=${month}`),
  ];
  const last = await load('baseline (after)', BASELINE_PATH);
  return { baselines: [first, last], routes, compressedCells, peakRssBytes: rss.stop() };
}

export async function runExplorerBench(options: ExplorerBenchOptions): Promise<Section> {
  const month = previousMonth(new Date());
  const accounts = options.accounts ?? accountsFor(options.tests);
  const settings = await serverSettings({ DATABASE_URL: options.databaseUrl });
  const minAccounts = parseEnv(settings.env).EXPLORER_MIN_ACCOUNTS;
  const database = fromPostgres(options.databaseUrl, 1);
  let seed: ExplorerSeedFigures;
  let rebuilds: RebuildFigures[];
  let published: Awaited<ReturnType<typeof publishedOf>>;
  const loads: string[] = [];
  try {
    console.error(`explorer: seeding ${whole(options.tests)} tests in ${month}`);
    seed = await seedExplorerMonth(database, { month, tests: options.tests, accounts });
    loads.push(`before the rebuild ${loadAverage()}`);
    // The first on an empty explorer; the second replaces its rows, as the daily job does.
    rebuilds = [
      await timedRebuild(database.db, month, minAccounts, 'explorer rebuild 1'),
      await timedRebuild(database.db, month, minAccounts, 'explorer rebuild 2'),
    ];
    published = await publishedOf(database.db, month);
  } finally {
    await database.close();
  }

  loads.push(`before the load ${loadAverage()}`);
  const server = await startServer(settings);
  let run: Awaited<ReturnType<typeof loadRoutes>>;
  let daily: { seconds: number; state: string };
  const watcher = fromPostgres(options.databaseUrl, 1);
  try {
    daily = await dailyRebuildOf(watcher.db);
    run = await loadRoutes(server, month, options);
  } finally {
    await watcher.close();
    await server.stop();
  }
  loads.push(`after the load ${loadAverage()}`);

  return explorerSection({
    options,
    month,
    accounts,
    minAccounts,
    seed,
    rebuilds,
    published,
    run,
    daily,
    loads,
  });
}

interface ExplorerRun {
  options: ExplorerBenchOptions;
  month: string;
  accounts: number;
  minAccounts: number;
  seed: ExplorerSeedFigures;
  rebuilds: RebuildFigures[];
  published: Awaited<ReturnType<typeof publishedOf>>;
  run: Awaited<ReturnType<typeof loadRoutes>>;
  daily: { seconds: number; state: string };
  loads: string[];
}

function explorerSection(r: ExplorerRun): Section {
  const { options, seed, rebuilds, run } = r;
  const shares = EXPLORER_SEED_SHARES;
  const slowest = Math.max(...rebuilds.map((rebuild) => rebuild.seconds));
  const rebuildMet = slowest < EXPLORER_TARGETS.rebuildSeconds;
  const baselineRate =
    run.baselines.reduce((sum, baseline) => sum + baseline.requestsPerSecond, 0) /
    run.baselines.length;
  const baselineCpu =
    run.baselines.reduce((sum, baseline) => sum + baseline.cpu.serverMicros, 0) /
    run.baselines.length;
  const shareOf = (figures: RouteFigures) => figures.requestsPerSecond / baselineRate;
  const targets: Target[] = [
    {
      name: `explorer rebuild of a month of ${whole(seed.tests)} tests on PostgreSQL < ${EXPLORER_TARGETS.rebuildSeconds} s`,
      met: rebuildMet,
    },
    ...run.routes.flatMap((route) => [
      {
        name: `explorer ${route.name}: req/s >= ${percent(EXPLORER_TARGETS.shareOfBaseline)} of the baseline's`,
        met: shareOf(route) >= EXPLORER_TARGETS.shareOfBaseline,
      },
      { name: `explorer ${route.name}: no failed requests`, met: route.failures === 0 },
    ]),
  ];
  const first = rebuilds[0]!;
  const repeated = rebuilds.every((rebuild) => rebuild.digest === first.digest);
  const micros = (value: number | null) => (value === null ? '-' : whole(value));
  const routeRow = (figures: RouteFigures, judged: boolean) => {
    const share = shareOf(figures);
    return [
      figures.name,
      figures.rows === null ? '-' : whole(figures.rows),
      `${kilobytes(figures.bytes)} ${figures.encoding}`,
      whole(figures.requestsPerSecond),
      fixed(figures.p50Ms, 0),
      fixed(figures.p99Ms, 0),
      whole(figures.cpu.serverMicros),
      micros(figures.cpu.postgresMicros),
      fixed(share, 2),
      fixed(figures.cpu.serverMicros / baselineCpu, 1),
      whole(figures.failures),
      judged ? verdict(share >= EXPLORER_TARGETS.shareOfBaseline && figures.failures === 0) : '-',
    ];
  };
  const network = r.published.network;
  const body = [
    `**Seed.** ${whole(seed.tests)} completed tests in ${r.month} (UTC), run by ${whole(seed.accounts)} ` +
      `accounts with one node each (${percent(shares.extensionNodes)} extensions); account ` +
      `1 + ⌊accounts × u^${shares.activitySkew}⌋ runs each test, so a few accounts test far more ` +
      `than most. Each account has a home near one of the ${PLACES.length} real places of bench/seed/places.ts ` +
      `(drawn by population, jittered 3 to 15 km): ${whole(seed.homeCells)} distinct resolution-8 cells ` +
      `in ${seed.countries} countries. ${percent(shares.testsWithoutNode)} of the tests have no node ` +
      `(a browser page), half of those at another account's home; ${percent(shares.testsWithoutPlace)} ` +
      `of the tests and every test of ${percent(shares.accountsWithoutPlace)} of the accounts have no ` +
      `place; one account in ${shares.deletedEvery} was deleted (its tests' places erased, its tests ` +
      `not counted). Seeded set-based (generate_series, 100,000 tests a statement) in ` +
      `${fixed(seed.seconds)} s, migrations included.`,
    '',
    `**Rebuild.** \`rebuildPeriod\` (the daily job's and the CLI's) for ${r.month}, in this process ` +
      `on one connection, EXPLORER_MIN_ACCOUNTS ${r.minAccounts}, twice (the second replaces the ` +
      `first's rows, as the daily job does). Peak RSS is this process's ` +
      (first.peakMeasuredBy === 'VmHWM'
        ? 'VmHWM (/proc/self/status), reset to the RSS of the moment just before each rebuild'
        : 'RSS sampled every 200 ms (the kernel refused to reset VmHWM)') +
      `; the grouping and the quartiles run in PostgreSQL, whose memory is not in it.`,
    '',
    table(
      [
        'rebuild',
        'seconds',
        'counted tests',
        'cells published',
        'countries published',
        'RSS before',
        'peak RSS',
        'peak over before',
        'target',
      ],
      rebuilds.map((rebuild, at) => [
        String(at + 1),
        fixed(rebuild.seconds),
        whole(rebuild.outcome.tests),
        whole(rebuild.outcome.cells),
        whole(rebuild.outcome.countries),
        megabytes(rebuild.rssBeforeBytes),
        megabytes(rebuild.peakRssBytes),
        megabytes(rebuild.peakRssBytes - rebuild.rssBeforeBytes),
        verdict(rebuild.seconds < EXPLORER_TARGETS.rebuildSeconds),
      ]),
    ),
    '',
    `Published cells by resolution: ${r.published.byResolution
      .map((row) => `${row.resolution}: ${whole(row.cells)}`)
      .join(
        ', ',
      )}. The network: ${network ? `${whole(network.tests)} tests, ${whole(network.nodes)} nodes, ${whole(network.accounts)} accounts` : 'not built'}. ` +
      `The second rebuild wrote ${repeated ? 'the same rows as the first' : 'OTHER rows than the first'}.`,
    '',
    `**Public routes.** The compiled server on that database (rate limits lifted by the benchmark's ` +
      `RATE_LIMIT_DISABLED, as for the hot reads); its own daily rebuild, queued at its start ` +
      `(the current month and the last 30 days), was awaited first: ${r.daily.state} in ` +
      `${fixed(r.daily.seconds)} s. ${options.connections} connections, ${options.durationSeconds} s ` +
      `per route, signed out, no If-None-Match (every answer in full); the cells once as a client ` +
      `that takes no compression, once with a browser's Accept-Encoding (Brotli). The baseline ran before and ` +
      `after the routes (${whole(run.baselines[0]!.requestsPerSecond)} and ` +
      `${whole(run.baselines[1]!.requestsPerSecond)} req/s); each ratio is to their mean. ` +
      `Target: req/s >= ${percent(EXPLORER_TARGETS.shareOfBaseline)} of the baseline's, no failures. ` +
      `The compressed cells are shown, not judged: autocannon appends every body it reads to a ` +
      `string, and decoding the compressed bytes as UTF-8 costs the load tool, on the same cores, more ` +
      `than the server spends sending them; their server CPU per request is the figure to read.`,
    '',
    table(
      [
        'route',
        'rows',
        'answer',
        'req/s',
        'p50 ms',
        'p99 ms',
        'server CPU µs/req',
        'PostgreSQL CPU µs/req',
        'req/s x baseline',
        'CPU x baseline',
        'failed',
        'target',
      ],
      [
        routeRow(run.baselines[0]!, false),
        routeRow(run.routes[0]!, true),
        routeRow(run.compressedCells, false),
        ...run.routes.slice(1).map((route) => routeRow(route, true)),
        routeRow(run.baselines[1]!, false),
      ],
    ),
    '',
    `Server peak RSS during the load: ${megabytes(run.peakRssBytes)}. Load average (1 min), other ` +
      `work on the machine included: ${r.loads.join(', ')}.`,
  ].join('\n');
  return { title: 'Explorer: a month rebuilt, and its public routes', body, targets };
}
