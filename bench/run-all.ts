/**
 * `npm run bench`: every benchmark at a size that finishes within about ten
 * minutes on a 2-core machine, on its own PostgreSQL databases (bench_*,
 * dropped afterwards), and bench/RESULTS.md with the figures and verdicts.
 * BENCH_USERS changes the seeded users of the reads (default 10 000),
 * BENCH_INGEST_USERS the users that each complete a test and claim (default
 * 4 000), BENCH_SCALE_SIZES the scale benchmark's sizes (default 1000,100000,1000000).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromPostgres } from '@netpulse/server/tooling';
import { runApiBench } from './api/api-bench.ts';
import { runIngestBench } from './ingest/ingest-bench.ts';
import { countFlag, runMain } from './lib/cli.ts';
import { describeMachine, loadAverage } from './lib/machine.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { fixed, printSection, verdict, whole, type Section } from './lib/report.ts';
import { runScaleBench } from './scale/scale-bench.ts';
import { seedDatabase } from './seed/seed-database.ts';
import { runWebBench } from './web/web-bench.ts';

const RESULTS_PATH = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const FINDINGS_MARKER = '<!-- findings: kept across runs -->';

/** The hand-written findings below the marker survive a rerun. */
function keptFindings(): string {
  try {
    const previous = readFileSync(RESULTS_PATH, 'utf8');
    const at = previous.indexOf(FINDINGS_MARKER);
    return at >= 0 ? previous.slice(at) : FINDINGS_MARKER;
  } catch {
    return FINDINGS_MARKER;
  }
}

async function seedSection(databaseUrl: string, users: number): Promise<Section> {
  const database = fromPostgres(databaseUrl, 1);
  try {
    const figures = await seedDatabase(database, {
      users,
      testsPerUser: 50,
      dailyClaimsPerUser: 10,
    });
    return {
      title: 'Seed',
      body:
        `${whole(figures.users)} users (each referred by user n / 4), 50 credited speed tests and 10 daily claims each, ` +
        `referral bonuses: ${whole(figures.rows)} rows in ${fixed(figures.seconds)} s ` +
        `(${whole(figures.rowsPerSecond)} rows/s), set-based, on PostgreSQL.`,
      targets: [],
    };
  } finally {
    await database.close();
  }
}

runMain(async () => {
  const startedAt = new Date();
  const users = countFlag(process.env.BENCH_USERS, 10_000);
  const sizes = (process.env.BENCH_SCALE_SIZES ?? '1000,100000,1000000')
    .split(',')
    .map((size) => countFlag(size, 1));
  const ingestUsers = countFlag(process.env.BENCH_INGEST_USERS, 4_000);
  const sections: Section[] = [];
  const loads: string[] = [`start ${loadAverage()}`];
  const record = (section: Section) => {
    printSection(section);
    sections.push(section);
    loads.push(`after ${section.title.split(':')[0]} ${loadAverage()}`);
  };

  const readsUrl = await createBenchDatabase('bench_reads');
  const machine = await describeMachine(readsUrl);
  try {
    record(await seedSection(readsUrl, users));
    record(
      await runApiBench({
        databaseUrl: readsUrl,
        users: 1000,
        connections: 64,
        durationSeconds: 10,
      }),
    );
    record(await runScaleBench({ databaseUrl: readsUrl, sizes, samples: 100 }));
    record(await runWebBench({ databaseUrl: readsUrl }));
  } finally {
    await dropBenchDatabase('bench_reads');
  }
  // Writes on a database of their own, so the reads above saw an untouched seed.
  const writesUrl = await createBenchDatabase('bench_writes');
  try {
    const database = fromPostgres(writesUrl, 1);
    await seedDatabase(database, { users: ingestUsers, testsPerUser: 5, dailyClaimsPerUser: 2 });
    await database.close();
    record(await runIngestBench({ databaseUrl: writesUrl, users: ingestUsers, connections: 64 }));
  } finally {
    await dropBenchDatabase('bench_writes');
  }

  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  const targets = sections.flatMap((section) => section.targets);
  const report = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${startedAt.toISOString().slice(0, 10)} in ${fixed(minutes)} minutes. ` +
      'Every ratio is against a baseline measured in the same run.',
    '',
    '## Machine',
    '',
    machine,
    `- Load average (1 min) during the run, other work on the machine included: ${loads.join(', ')}`,
    '',
    '## Targets',
    '',
    `${targets.filter((target) => target.met).length} of ${targets.length} met.`,
    '',
    ...targets.map((target) => `- ${target.name}: **${verdict(target.met)}**`),
    '',
    ...sections.flatMap((section) => [`## ${section.title}`, '', section.body, '']),
    keptFindings(),
    '',
  ].join('\n');
  writeFileSync(RESULTS_PATH, report);
  console.log(`\nwrote bench/RESULTS.md (${fixed(minutes)} minutes)`);
});
