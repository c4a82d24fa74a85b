/**
 * `npm run bench:api -- [--users N] [--connections N] [--seconds N]
 * [--databases postgres,pglite]`: seeds a fresh PostgreSQL database bench_api
 * (or uses DATABASE_URL, already seeded, when set) and a fresh PGlite data
 * directory with N users each, and measures the hot reads against the baseline
 * route on both, and PGlite's against PostgreSQL's.
 */
import {
  databaseKinds,
  existingPostgres,
  onFreshDatabase,
  type BenchDatabase,
} from '../lib/bench-database.ts';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { fixed, printSection, whole } from '../lib/report.ts';
import { READS_SEED, seedBenchDatabase } from '../seed/seed-database.ts';
import { apiSection, measureApi, pgliteApiSection, type ApiRun } from './api-bench.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'connections', 'seconds', 'databases']);
  const seededUsers = countFlag(flags.users, 10_000);
  const options = {
    users: 1000,
    connections: countFlag(flags.connections, 64),
    durationSeconds: countFlag(flags.seconds, 10),
  };
  const kinds = databaseKinds(flags.databases);
  const seededRun = async (database: BenchDatabase) => {
    const seed = await seedBenchDatabase(database, { users: seededUsers, ...READS_SEED });
    return { seed, run: await measureApi(database, options) };
  };

  let postgres: ApiRun | null = null;
  if (kinds.includes('postgres')) {
    const existing = process.env.DATABASE_URL;
    postgres = existing
      ? await measureApi(existingPostgres(existing), options)
      : (await onFreshDatabase('postgres', 'bench_api', seededRun)).run;
    printSection(apiSection(postgres));
  }
  if (kinds.includes('pglite')) {
    const { seed, run } = await onFreshDatabase('pglite', 'bench_api', seededRun);
    const seeded = `seeded with ${whole(seed.users)} users (${whole(seed.rows)} rows in ${fixed(seed.seconds)} s).`;
    printSection(pgliteApiSection(run, postgres, seeded));
  }
});
