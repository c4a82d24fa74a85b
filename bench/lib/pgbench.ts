/**
 * The ingest benchmark's anchor: what this machine's PostgreSQL does with the
 * simplest write transaction, `pgbench -N -M prepared` (one UPDATE, one SELECT
 * and one INSERT per transaction, prepared), at the ingest load's concurrency,
 * measured in the same run on a scratch database (bench_pgbench, dropped
 * afterwards). Absolute rates swing by 3x between machines of one kind; a share
 * of this one does not.
 */
import { spawn } from 'node:child_process';
import { benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './postgres.ts';

const DATABASE = 'bench_pgbench';

export type PgbenchAnchor =
  | { available: true; transactionsPerSecond: number; connections: number; seconds: number }
  | { available: false; reason: string };

/** libpq's settings for a database URL, so pgbench reaches what BENCH_POSTGRES_URL names. */
function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  return {
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(url.username ? { PGUSER: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
}

/** Runs pgbench; answers its output, or null when pgbench is not installed. */
function pgbench(args: string[], env: Record<string, string>): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`pgbench ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * The transactions per second pgbench printed; PostgreSQL 14 and later name
 * the figure "without initial connection time", older ones "excluding
 * connections establishing": either is the rate once connected.
 */
export function parseTps(output: string): number {
  const tps = /^tps = ([\d.]+) \((?:without initial connection time|excluding connections)/m.exec(
    output,
  )?.[1];
  if (!tps) throw new Error(`no tps in pgbench's output:\n${output}`);
  return Number(tps);
}

export async function measurePgbench(options: {
  connections: number;
  seconds: number;
}): Promise<PgbenchAnchor> {
  await createBenchDatabase(DATABASE);
  try {
    const env = libpqEnv(benchDatabaseUrl(DATABASE));
    // Scale 1: 100,000 accounts; -N leaves out the branch and teller updates that
    // make the default script a single-row contention test.
    const initialized = await pgbench(['-i', '-q'], env);
    if (initialized === null) {
      const reason = "pgbench was not found on PATH (it comes with PostgreSQL's client tools)";
      console.error(`pgbench: ${reason}; the write rate targets are reported as not measured`);
      return { available: false, reason };
    }
    const output = await pgbench(
      [
        '-N',
        '-M',
        'prepared',
        '-c',
        String(options.connections),
        '-j',
        '2',
        '-T',
        String(options.seconds),
      ],
      env,
    );
    return {
      available: true,
      transactionsPerSecond: parseTps(output ?? ''),
      connections: options.connections,
      seconds: options.seconds,
    };
  } finally {
    await dropBenchDatabase(DATABASE);
  }
}
