/**
 * `npm run bench:explorer -- [--tests N] [--accounts N] [--connections N] [--seconds N]`:
 * a fresh PostgreSQL database bench_explorer with a month of N completed speed tests
 * (1,000,000 by default, or BENCH_EXPLORER_TESTS), the month's explorer rebuild timed, then
 * the public explorer routes against the baseline route on the compiled server.
 */
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { printSection } from '../lib/report.ts';
import { runExplorerBench } from './explorer-bench.ts';

runMain(async () => {
  const flags = flagsOf(['tests', 'accounts', 'connections', 'seconds']);
  const databaseUrl = await createBenchDatabase('bench_explorer');
  try {
    printSection(
      await runExplorerBench({
        databaseUrl,
        tests: countFlag(flags.tests ?? process.env.BENCH_EXPLORER_TESTS, 1_000_000),
        accounts: flags.accounts === undefined ? undefined : countFlag(flags.accounts, 1),
        connections: countFlag(flags.connections, 64),
        durationSeconds: countFlag(flags.seconds, 10),
      }),
    );
  } finally {
    await dropBenchDatabase('bench_explorer');
  }
});
