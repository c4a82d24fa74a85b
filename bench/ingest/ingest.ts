/**
 * `npm run bench:ingest -- [--users N] [--connections N]`: a fresh PostgreSQL
 * database bench_ingest seeded with N users, then one completion and one claim
 * per user through the API.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { seedDatabase } from '../seed/seed-database.ts';
import { runIngestBench } from './ingest-bench.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'connections']);
  const users = countFlag(flags.users, 10_000);
  const databaseUrl = await createBenchDatabase('bench_ingest');
  try {
    const database = fromPostgres(databaseUrl, 1);
    await seedDatabase(database, { users, testsPerUser: 5, dailyClaimsPerUser: 2 });
    await database.close();
    printSection(
      await runIngestBench({ databaseUrl, users, connections: countFlag(flags.connections, 64) }),
    );
  } finally {
    await dropBenchDatabase('bench_ingest');
  }
});
