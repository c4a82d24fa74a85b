/**
 * `npm run bench:scale -- [--sizes 1000,100000,1000000] [--samples N]`: a fresh
 * PostgreSQL database bench_scale with a few ordinary users and one user per
 * size, then the page latencies of both tables.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { seedDatabase } from '../seed/seed-database.ts';
import { runScaleBench } from './scale-bench.ts';

runMain(async () => {
  const flags = flagsOf(['sizes', 'samples']);
  const sizes = (flags.sizes ?? '1000,100000,1000000').split(',').map((size) => countFlag(size, 1));
  const databaseUrl = await createBenchDatabase('bench_scale');
  try {
    const database = fromPostgres(databaseUrl, 1);
    await seedDatabase(database, { users: 100, testsPerUser: 50, dailyClaimsPerUser: 10 });
    await database.close();
    printSection(
      await runScaleBench({ databaseUrl, sizes, samples: countFlag(flags.samples, 100) }),
    );
  } finally {
    await dropBenchDatabase('bench_scale');
  }
});
