/**
 * `npm run bench:api -- [--users N] [--connections N] [--seconds N]`: seeds a
 * fresh PostgreSQL database bench_api (or uses DATABASE_URL, already seeded, when
 * set) and measures the hot reads against the baseline route.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { seedDatabase } from '../seed/seed-database.ts';
import { runApiBench } from './api-bench.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'connections', 'seconds']);
  const seededUsers = countFlag(flags.users, 10_000);
  let databaseUrl = process.env.DATABASE_URL;
  const ownDatabase = !databaseUrl;
  if (!databaseUrl) {
    databaseUrl = await createBenchDatabase('bench_api');
    const database = fromPostgres(databaseUrl, 1);
    await seedDatabase(database, { users: seededUsers, testsPerUser: 50, dailyClaimsPerUser: 10 });
    await database.close();
  }
  try {
    printSection(
      await runApiBench({
        databaseUrl,
        users: 1000,
        connections: countFlag(flags.connections, 64),
        durationSeconds: countFlag(flags.seconds, 10),
      }),
    );
  } finally {
    if (ownDatabase) await dropBenchDatabase('bench_api');
  }
});
