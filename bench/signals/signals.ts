/**
 * `npm run bench:signals -- [--users N] [--samples N]`: a fresh PostgreSQL
 * database bench_signals seeded like the reads (10,000 users by default),
 * then the fraud signals' statements against a primary-key select.
 */
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { existingPostgres } from '../lib/bench-database.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { READS_SEED, seedBenchDatabase } from '../seed/seed-database.ts';
import { runSignalsBench } from './signals-bench.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'samples']);
  const databaseUrl = await createBenchDatabase('bench_signals');
  try {
    await seedBenchDatabase(existingPostgres(databaseUrl), {
      users: countFlag(flags.users, 10_000),
      ...READS_SEED,
    });
    printSection(await runSignalsBench({ databaseUrl, samples: countFlag(flags.samples, 20) }));
  } finally {
    await dropBenchDatabase('bench_signals');
  }
});
