/**
 * Concurrent writes through the real HTTP API: speed-test completions and daily
 * claims, each user once, plus a share of duplicates sent at the same time (they
 * must answer 409 and credit nothing). Afterwards the ledger invariant is
 * checked for every user.
 */
import autocannon from 'autocannon';
import { fromPostgres } from '@netpulse/server/tooling';
import { fixed, table, verdict, whole, type Section } from '../lib/report.ts';
import { startServer } from '../lib/server-process.ts';
import { signIn, type BenchSession } from '../lib/sessions.ts';
import { checkLedger, insertMeasuredTests } from './ingest-setup.ts';

export const INGEST_TARGET_PER_SECOND = 2000;
/** Every tenth request repeats one already in the list. */
const DUPLICATE_EVERY = 10;

export interface IngestBenchOptions {
  databaseUrl: string;
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
        onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
      },
    ],
  });
  const seconds = (performance.now() - startedAt) / 1000;
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

export async function runIngestBench(options: IngestBenchOptions): Promise<Section> {
  const database = fromPostgres(options.databaseUrl, 2);
  const server = await startServer(options.databaseUrl);
  try {
    const userIds = Array.from({ length: options.users }, (_, index) => index + 1);
    const sessions = await signIn(database.db, server.env, userIds);
    const tokenOf = new Map(sessions.map((session: BenchSession) => [session.userId, session]));
    const tests = await insertMeasuredTests(database.db, userIds);
    const completions = withDuplicates(
      tests.map((test) => ({
        token: tokenOf.get(test.userId)?.accessToken ?? '',
        body: JSON.stringify({ testId: test.testId, latitude: 52.52, longitude: 13.405 }),
      })),
    );
    const claims = withDuplicates(sessions.map((session) => ({ token: session.accessToken })));

    console.error(`ingest: ${whole(completions.calls.length)} completions`);
    const completed = await drive(
      server.url,
      '/v1/api/points',
      completions.calls,
      options.connections,
    );
    console.error(`ingest: ${whole(claims.calls.length)} daily claims`);
    const claimed = await drive(
      server.url,
      '/v1/api/daily-claim',
      claims.calls,
      options.connections,
    );
    const ledger = await checkLedger(database.db);

    const row = (name: string, figures: WriteFigures, duplicates: number) => [
      name,
      whole(figures.credited),
      `${whole(figures.refusedDuplicates)} of ${whole(duplicates)}`,
      whole(figures.unexpected),
      fixed(figures.seconds),
      whole(figures.perSecond),
      fixed(figures.p50Ms, 0),
      fixed(figures.p99Ms, 0),
      verdict(figures.perSecond >= INGEST_TARGET_PER_SECOND),
    ];
    const body = [
      `${options.connections} connections; each of ${whole(options.users)} users completes one measured test and claims once; ` +
        `every ${DUPLICATE_EVERY}th request repeats the one before it, at the same time.`,
      '',
      table(
        [
          'write',
          'credited',
          '409 duplicates',
          'other answers',
          's',
          'per s',
          'p50 ms',
          'p99 ms',
          `>= ${whole(INGEST_TARGET_PER_SECOND)}/s`,
        ],
        [
          row('speed-test completion', completed, completions.duplicates),
          row('daily claim', claimed, claims.duplicates),
        ],
      ),
      '',
      `Ledger after the run: ${ledger.pointsDrift} users with points != sum(points_earned), ` +
        `${ledger.counterDrift} with a page counter != count, ${ledger.duplicateKeys} duplicate idempotency keys.`,
    ].join('\n');
    const exact = (figures: WriteFigures, calls: number, duplicates: number) =>
      figures.credited === calls - duplicates && figures.refusedDuplicates === duplicates;
    return {
      title: 'Ingest: completions and daily claims',
      body,
      targets: [
        {
          name: `completions >= ${INGEST_TARGET_PER_SECOND}/s`,
          met: completed.perSecond >= INGEST_TARGET_PER_SECOND,
        },
        {
          name: `daily claims >= ${INGEST_TARGET_PER_SECOND}/s`,
          met: claimed.perSecond >= INGEST_TARGET_PER_SECOND,
        },
        {
          name: 'every completion and claim credited once, every duplicate refused with 409',
          met:
            exact(completed, completions.calls.length, completions.duplicates) &&
            exact(claimed, claims.calls.length, claims.duplicates),
        },
        {
          name: 'ledger invariant (points == sum, counters == counts, no duplicate keys)',
          met: ledger.pointsDrift === 0 && ledger.counterDrift === 0 && ledger.duplicateKeys === 0,
        },
      ],
    };
  } finally {
    await server.stop();
    await database.close();
  }
}
