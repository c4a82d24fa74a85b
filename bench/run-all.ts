/**
 * `npm run bench`: every benchmark at a size that finishes within ten minutes
 * on a 2-core machine, on its own PostgreSQL databases (bench_*, dropped
 * afterwards) and PGlite data directories (removed afterwards), one progress
 * line per step, and bench/RESULTS.md with the figures and verdicts.
 * BENCH_USERS changes the seeded users of the reads (default 10 000) and
 * BENCH_PGLITE_USERS those of the reads on PGlite (default: the same),
 * BENCH_INGEST_USERS the users that each complete a test and claim (default
 * 4 000, on both databases), BENCH_SCALE_SIZES the scale benchmark's sizes
 * (default 1000,100000,1000000), BENCH_EXPLORER_TESTS the tests of the explorer's
 * month (default 1 000 000).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiSection, measureApi, pgliteApiSection, type ApiRun } from './api/api-bench.ts';
import { runExplorerBench } from './explorer/explorer-bench.ts';
import { ingestSection, measureIngest } from './ingest/ingest-bench.ts';
import { existingPostgres, onFreshDatabase } from './lib/bench-database.ts';
import { countFlag, runMain } from './lib/cli.ts';
import { describeMachine, loadAverage } from './lib/machine.ts';
import { measurePgbench } from './lib/pgbench.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { StepProgress } from './lib/progress.ts';
import { fixed, printSection, verdict, whole, type Section } from './lib/report.ts';
import { runScaleBench } from './scale/scale-bench.ts';
import { READS_SEED, seedBenchDatabase, type SeedFigures } from './seed/seed-database.ts';
import { runSignalsBench } from './signals/signals-bench.ts';
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

function seedSection(figures: SeedFigures): Section {
  return {
    title: 'Seed',
    body:
      `${whole(figures.users)} users (each referred by user n / 4), ${READS_SEED.testsPerUser} credited speed tests ` +
      `and ${READS_SEED.dailyClaimsPerUser} daily claims each, ` +
      `referral bonuses: ${whole(figures.rows)} rows in ${fixed(figures.seconds)} s ` +
      `(${whole(figures.rowsPerSecond)} rows/s), set-based, on PostgreSQL.`,
    targets: [],
  };
}

/** The reads' load: 64 connections, 10 s per endpoint, on PostgreSQL and on PGlite alike. */
const API_LOAD = { users: 1000, connections: 64, durationSeconds: 10 };
/** The ingest load's concurrency, which pgbench (the anchor) runs at too. */
const INGEST_CONNECTIONS = 64;
const PGBENCH_SECONDS = 10;

runMain(async () => {
  const startedAt = new Date();
  const users = countFlag(process.env.BENCH_USERS, 10_000);
  const sizes = (process.env.BENCH_SCALE_SIZES ?? '1000,100000,1000000')
    .split(',')
    .map((size) => countFlag(size, 1));
  const ingestUsers = countFlag(process.env.BENCH_INGEST_USERS, 4_000);
  const pgliteUsers = countFlag(process.env.BENCH_PGLITE_USERS, users);
  const explorerTests = countFlag(process.env.BENCH_EXPLORER_TESTS, 1_000_000);
  const sections: Section[] = [];
  const loads: string[] = [`start ${loadAverage()}`];
  const progress = new StepProgress('bench', 11);
  const record = (section: Section) => {
    printSection(section);
    sections.push(section);
    loads.push(`after ${section.title.split(':')[0]} ${loadAverage()}`);
  };

  const readsUrl = await createBenchDatabase('bench_reads');
  const machine = await describeMachine(readsUrl);
  let postgresReads: ApiRun | null = null;
  try {
    const reads = existingPostgres(readsUrl);
    progress.step(`seed ${whole(users)} users on PostgreSQL`);
    record(seedSection(await seedBenchDatabase(reads, { users, ...READS_SEED })));
    progress.step('hot reads on PostgreSQL');
    postgresReads = await measureApi(reads, API_LOAD);
    record(apiSection(postgresReads));
    progress.step('scale');
    record(await runScaleBench({ databaseUrl: readsUrl, sizes, samples: 100 }));
    progress.step('web');
    record(await runWebBench({ databaseUrl: readsUrl }));
    // Last on this database: it plants sign-ins, nodes and farms the reads above never saw.
    progress.step('fraud signals on PostgreSQL');
    record(await runSignalsBench({ databaseUrl: readsUrl, samples: 20 }));
  } finally {
    await dropBenchDatabase('bench_reads');
  }
  await onFreshDatabase('pglite', 'bench_reads', async (reads) => {
    progress.step(`seed ${whole(pgliteUsers)} users on PGlite`);
    const seed = await seedBenchDatabase(reads, { users: pgliteUsers, ...READS_SEED });
    progress.step('hot reads on PGlite');
    const seeded =
      `seeded with ${whole(seed.users)} users (PostgreSQL's: ${whole(users)}), ` +
      `${whole(seed.rows)} rows in ${fixed(seed.seconds)} s.`;
    record(pgliteApiSection(await measureApi(reads, API_LOAD), postgresReads, seeded));
  });

  // Writes on databases of their own, so the reads above saw an untouched seed.
  const ingest = { users: ingestUsers, connections: INGEST_CONNECTIONS };
  progress.step('pgbench, the anchor of the writes');
  const anchor = await measurePgbench({
    connections: INGEST_CONNECTIONS,
    seconds: PGBENCH_SECONDS,
  });
  progress.step('writes on PostgreSQL');
  const postgresWrites = await onFreshDatabase('postgres', 'bench_writes', (database) =>
    measureIngest(database, ingest),
  );
  progress.step('writes on PGlite');
  const pgliteWrites = await onFreshDatabase('pglite', 'bench_writes', (database) =>
    measureIngest(database, ingest),
  );
  record(ingestSection(anchor, [postgresWrites, pgliteWrites]));

  progress.step(`explorer: a month of ${whole(explorerTests)} tests on PostgreSQL`);
  const explorerUrl = await createBenchDatabase('bench_explorer');
  try {
    record(
      await runExplorerBench({
        databaseUrl: explorerUrl,
        tests: explorerTests,
        connections: API_LOAD.connections,
        durationSeconds: API_LOAD.durationSeconds,
      }),
    );
  } finally {
    await dropBenchDatabase('bench_explorer');
  }

  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  const targets = sections.flatMap((section) => section.targets);
  const unmeasured = targets.filter((target) => target.met === null).length;
  const report = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${startedAt.toISOString().slice(0, 10)} in ${fixed(minutes)} minutes. ` +
      'Every ratio is against a baseline measured in the same run: the constant route for the ' +
      "hot reads and the explorer's routes, the same read on PostgreSQL for PGlite's, pgbench's write transaction for the writes.",
    '',
    '## Machine',
    '',
    machine,
    `- Load average (1 min) during the run, other work on the machine included: ${loads.join(', ')}`,
    '',
    '## Targets',
    '',
    `${targets.filter((target) => target.met === true).length} of ${targets.length} met` +
      `${unmeasured ? `, ${unmeasured} not measured` : ''}.`,
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
