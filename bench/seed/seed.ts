/**
 * `npm run bench:seed -- [--users N] [--tests-per-user N] [--daily-claims N]`:
 * seeds the database the server would open (DATABASE_URL for PostgreSQL, else
 * PGlite in DATA_DIR, default ./data) and prints rows, seconds and rows/s.
 */
import { openDatabase } from '@netpulse/server/tooling';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { seedDatabase } from './seed-database.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'tests-per-user', 'daily-claims']);
  const options = {
    users: countFlag(flags.users, 100_000),
    testsPerUser: countFlag(flags['tests-per-user'], 50),
    dailyClaimsPerUser: countFlag(flags['daily-claims'], 10),
  };
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data',
    poolSize: 1,
  });
  try {
    const figures = await seedDatabase(database, options);
    console.log(
      `seeded ${figures.users.toLocaleString('en')} users: ${figures.rows.toLocaleString('en')} rows ` +
        `in ${figures.seconds.toFixed(1)} s (${Math.round(figures.rowsPerSecond).toLocaleString('en')} rows/s) ` +
        `on ${database.kind}`,
    );
  } finally {
    await database.close();
  }
});
