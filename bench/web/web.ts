/**
 * `npm run bench:web`: builds the web app and measures it in Chromium against
 * the server on a small seeded PostgreSQL database bench_web.
 */
import { fromPostgres } from '@netpulse/server/tooling';
import { runMain } from '../lib/cli.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { seedDatabase } from '../seed/seed-database.ts';
import { runWebBench } from './web-bench.ts';

runMain(async () => {
  const databaseUrl = await createBenchDatabase('bench_web');
  try {
    const database = fromPostgres(databaseUrl, 1);
    await seedDatabase(database, { users: 100, testsPerUser: 50, dailyClaimsPerUser: 10 });
    await database.close();
    printSection(await runWebBench({ databaseUrl }));
  } finally {
    await dropBenchDatabase('bench_web');
  }
});
