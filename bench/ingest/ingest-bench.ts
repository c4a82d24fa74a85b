/**
 * Concurrent writes through the real HTTP API: speed-test completions and daily
 * claims, each user once, plus a share of duplicates sent at the same time (they
 * must answer 409 and credit nothing). Afterwards the ledger invariant is
 * checked for every user. The rates are judged as shares of pgbench's on the
 * same PostgreSQL in the same run (lib/pgbench.ts); on PGlite they are reported
 * with where the time goes.
 */
import autocannon from 'autocannon';
import { DATABASE_LABEL, withDatabase, type BenchDatabase } from '../lib/bench-database.ts';
import { startCpuMeter, type CpuPerRequest } from '../lib/cpu-meter.ts';
import type { PgbenchAnchor } from '../lib/pgbench.ts';
import { fixed, percent, table, verdict, whole, type Section, type Target } from '../lib/report.ts';
import { serverSettings, startServer } from '../lib/server-process.ts';
import { signIn, type BenchSession } from '../lib/sessions.ts';
import { seedBenchDatabase, type SeedFigures } from '../seed/seed-database.ts';
import { checkLedger, insertMeasuredTests, type LedgerCheck } from './ingest-setup.ts';

export const INGEST_TARGETS = {
  /** Credited completions per second at least this share of pgbench's transactions per second. */
  completionsShareOfPgbench: 0.25,
  /** Credited daily claims per second at least this share of pgbench's transactions per second. */
  claimsShareOfPgbench: 0.4,
};
/** Every tenth request repeats one already in the list. */
const DUPLICATE_EVERY = 10;
/** What each ingest database is seeded with before its writers arrive. */
const INGEST_SEED = { testsPerUser: 5, dailyClaimsPerUser: 2 };

export interface IngestBenchOptions {
  /** How many seeded users complete a test and claim (each once). */
  users: number;
  connections: number;
}

interface WriteCall {
  token: string;
  body?: string;
}

interface WriteFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  credited: number;
  refusedDuplicates: number;
  unexpected: number;
  seconds: number;
}

/** One kind of write as driven: its figures, what was sent, and where the CPU went. */
interface WriteRun extends WriteFigures {
  calls: number;
  duplicates: number;
  cpu: CpuPerRequest;
}

/** The ingest load on one database. */
export interface IngestRun {
  database: BenchDatabase['kind'];
  options: IngestBenchOptions;
  seed: SeedFigures;
  completions: WriteRun;
  claims: WriteRun;
  ledger: LedgerCheck;
}

/** The calls with a duplicate of an earlier one after every DUPLICATE_EVERY - 1. */
function withDuplicates(calls: WriteCall[]): { calls: WriteCall[]; duplicates: number } {
  const mixed: WriteCall[] = [];
  let duplicates = 0;
  calls.forEach((call, index) => {
    mixed.push(call);
    if (index % DUPLICATE_EVERY === DUPLICATE_EVERY - 1) {
      mixed.push(calls[index - 1] ?? call);
      duplicates++;
    }
  });
  return { calls: mixed, duplicates };
}

async function drive(
  baseUrl: string,
  path: string,
  calls: WriteCall[],
  connections: number,
): Promise<WriteFigures> {
  let next = 0;
  const statuses = new Map<number, number>();
  const startedAt = performance.now();
  let lastAnsweredAt = startedAt;
  const result = await autocannon({
    url: baseUrl,
    connections,
    amount: calls.length,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const call = calls[next++ % calls.length];
          if (!call) return request;
          return {
            ...request,
            headers: {
              authorization: `Bearer ${call.token}`,
              ...(call.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(call.body ? { body: call.body } : {}),
          };
        },
        onResponse: (status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          lastAnsweredAt = performance.now();
        },
      },
    ],
  });
  // Until the last answer: autocannon itself notices the end only at its next
  // 1-second sample, which would add up to a second to a run of a few.
  const seconds = (lastAnsweredAt - startedAt) / 1000;
  const credited = statuses.get(200) ?? 0;
  const refusedDuplicates = statuses.get(409) ?? 0;
  return {
    perSecond: credited / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    credited,
    refusedDuplicates,
    unexpected: calls.length - credited - refusedDuplicates,
    seconds,
  };
}

/**
 * Seeds `database`, signs every user in and writes their measured tests (all
 * before the server starts, which PGlite needs), then drives the completions
 * and the claims through the server and checks the ledger once it stopped.
 */
export async function measureIngest(
  database: BenchDatabase,
  options: IngestBenchOptions,
): Promise<IngestRun> {
  const label = `ingest on ${DATABASE_LABEL[database.kind]}`;
  const seed = await seedBenchDatabase(database, { users: options.users, ...INGEST_SEED });
  const settings = await serverSettings(database.serverEnv);
  const userIds = Array.from({ length: options.users }, (_, index) => index + 1);
  const { sessions, tests } = await withDatabase(database, async (handle) => ({
    sessions: await signIn(handle.db, settings.env, userIds),
    tests: await insertMeasuredTests(handle.db, userIds),
  }));
  const tokenOf = new Map(sessions.map((session: BenchSession) => [session.userId, session]));
  const completions = withDuplicates(
    tests.map((test) => ({
      token: tokenOf.get(test.userId)?.accessToken ?? '',
      body: JSON.stringify({ testId: test.testId, latitude: 52.52, longitude: 13.405 }),
    })),
  );
  const claims = withDuplicates(sessions.map((session) => ({ token: session.accessToken })));

  const server = await startServer(settings);
  const metered = async (path: string, writes: ReturnType<typeof withDuplicates>) => {
    const meter = startCpuMeter(server.pid, database.kind === 'postgres');
    const figures = await drive(server.url, path, writes.calls, options.connections);
    return {
      ...figures,
      calls: writes.calls.length,
      duplicates: writes.duplicates,
      cpu: meter.stop(writes.calls.length),
    };
  };
  let completed: WriteRun;
  let claimed: WriteRun;
  try {
    console.error(`${label}: ${whole(completions.calls.length)} completions`);
    completed = await metered('/v1/api/points', completions);
    console.error(`${label}: ${whole(claims.calls.length)} daily claims`);
    claimed = await metered('/v1/api/daily-claim', claims);
  } finally {
    await server.stop();
  }
  const ledger = await withDatabase(database, (handle) => checkLedger(handle.db));
  return {
    database: database.kind,
    options,
    seed,
    completions: completed,
    claims: claimed,
    ledger,
  };
}

const exact = (write: WriteRun) =>
  write.credited === write.calls - write.duplicates && write.refusedDuplicates === write.duplicates;

const ledgerHolds = (ledger: LedgerCheck) =>
  ledger.pointsDrift === 0 && ledger.counterDrift === 0 && ledger.duplicateKeys === 0;

/** A rate's share of pgbench's, judged against `target`; null without the anchor. */
function anchored(anchor: PgbenchAnchor, perSecond: number, target: number) {
  if (!anchor.available) return { share: null, met: null };
  const share = perSecond / anchor.transactionsPerSecond;
  return { share, met: share >= target };
}

function describeAnchor(anchor: PgbenchAnchor): string {
  if (!anchor.available) {
    return `The anchor, \`pgbench -N -M prepared\` on the same PostgreSQL, is unavailable: ${anchor.reason}. The rate targets are not measured.`;
  }
  return (
    `The anchor: \`pgbench -N -M prepared -c ${anchor.connections} -j 2 -T ${anchor.seconds}\` ` +
    '(scale 1; the simple write transaction, one UPDATE, one SELECT and one INSERT) on the same ' +
    `PostgreSQL, just before the writes: **${whole(anchor.transactionsPerSecond)} transactions/s**. ` +
    `Targets: completions/s >= ${percent(INGEST_TARGETS.completionsShareOfPgbench)} of it, ` +
    `daily claims/s >= ${percent(INGEST_TARGETS.claimsShareOfPgbench)}.`
  );
}

/** The ingest section: PostgreSQL's rates against pgbench's, PGlite's beside them. */
export function ingestSection(anchor: PgbenchAnchor, runs: IngestRun[]): Section {
  const targets: Target[] = [];
  const rows: string[][] = [];
  const micros = (value: number | null) => (value === null ? '-' : whole(value));
  for (const run of runs) {
    const onDatabase = DATABASE_LABEL[run.database];
    for (const [name, write, target] of [
      ['completions', run.completions, INGEST_TARGETS.completionsShareOfPgbench],
      ['daily claims', run.claims, INGEST_TARGETS.claimsShareOfPgbench],
    ] as const) {
      // The anchor is PostgreSQL's: PGlite's rates are reported, not judged by it.
      const judged = run.database === 'postgres' ? anchored(anchor, write.perSecond, target) : null;
      if (judged) {
        targets.push({
          name: `${name}/s on PostgreSQL >= ${percent(target)} of pgbench's transactions/s`,
          met: judged.met,
        });
      }
      rows.push([
        onDatabase,
        name,
        whole(write.credited),
        `${whole(write.refusedDuplicates)} of ${whole(write.duplicates)}`,
        whole(write.unexpected),
        fixed(write.seconds),
        whole(write.perSecond),
        judged?.share == null ? '-' : percent(judged.share),
        fixed(write.p50Ms, 0),
        fixed(write.p99Ms, 0),
        whole(write.cpu.serverMicros),
        micros(write.cpu.postgresMicros),
        whole(write.cpu.loadGeneratorMicros),
        fixed(write.cpu.serverCores, 2),
        judged ? verdict(judged.met) : '-',
      ]);
    }
    targets.push(
      {
        name: `every completion and claim credited once, every duplicate refused with 409 (${onDatabase})`,
        met: exact(run.completions) && exact(run.claims),
      },
      {
        name: `ledger invariant: points == sum, counters == counts, no duplicate keys (${onDatabase})`,
        met: ledgerHolds(run.ledger),
      },
    );
  }
  const first = runs[0];
  const ledgerLines = runs.map(
    (run) =>
      `- Ledger on ${DATABASE_LABEL[run.database]} after the run: ${run.ledger.pointsDrift} users with points != sum(points_earned), ` +
      `${run.ledger.counterDrift} with a page counter != count, ${run.ledger.duplicateKeys} duplicate idempotency keys ` +
      `(seeded beforehand: ${whole(run.seed.rows)} rows in ${fixed(run.seed.seconds)} s).`,
  );
  const body = [
    first
      ? `${first.options.connections} connections; each of ${whole(first.options.users)} users completes one measured ` +
        `test and claims once; every ${DUPLICATE_EVERY}th request repeats the one before it, at the same time. ` +
        "Per s counts credited writes. CPU µs/req is each process's own CPU time per request sent: the server, " +
        'PostgreSQL (all its processes), and the load generator; "server cores" is the server\'s CPU time over ' +
        'the wall time (1.00: one core busy throughout).'
      : 'No ingest run.',
    '',
    describeAnchor(anchor),
    '',
    table(
      [
        'database',
        'write',
        'credited',
        '409 duplicates',
        'other answers',
        's',
        'per s',
        'x pgbench tps',
        'p50 ms',
        'p99 ms',
        'server CPU µs/req',
        'PostgreSQL CPU µs/req',
        'load generator CPU µs/req',
        'server cores',
        'target',
      ],
      rows,
    ),
    '',
    ...ledgerLines,
    ...(runs.some((run) => run.database === 'pglite')
      ? [
          '',
          'On PGlite the database runs inside the server process, on its one thread, so the server CPU ' +
            'per request is the whole write, the database included, and no PostgreSQL process is involved. ' +
            "Server cores at 1.00 or more (Node's helper threads, the garbage collector's among them, add to " +
            'it) means that thread is the limit; well below it, the time is spent waiting ' +
            '(the load generator, or the group window of grouped writes).',
        ]
      : []),
  ].join('\n');
  return { title: 'Ingest: completions and daily claims', body, targets };
}
