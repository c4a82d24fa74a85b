/**
 * `npm run bench:ingest -- [--users N] [--connections N] [--pgbench-seconds N]
 * [--databases postgres,pglite]`: pgbench's simple write transaction on the
 * same PostgreSQL at the same concurrency (the anchor), then, on a fresh
 * PostgreSQL database bench_ingest and on a fresh PGlite data directory, each
 * seeded with N users, one completion and one claim per user through the API.
 */
import { databaseKinds, onFreshDatabase } from '../lib/bench-database.ts';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { measurePgbench } from '../lib/pgbench.ts';
import { printSection } from '../lib/report.ts';
import { ingestSection, measureIngest, type IngestRun } from './ingest-bench.ts';

runMain(async () => {
  const flags = flagsOf(['users', 'connections', 'pgbench-seconds', 'databases']);
  const options = {
    users: countFlag(flags.users, 10_000),
    connections: countFlag(flags.connections, 64),
  };
  const kinds = databaseKinds(flags.databases);
  const anchor = kinds.includes('postgres')
    ? await measurePgbench({
        connections: options.connections,
        seconds: countFlag(flags['pgbench-seconds'], 10),
      })
    : ({ available: false, reason: 'PostgreSQL was not benchmarked' } as const);
  const runs: IngestRun[] = [];
  for (const kind of kinds) {
    runs.push(
      await onFreshDatabase(kind, 'bench_ingest', (database) => measureIngest(database, options)),
    );
  }
  printSection(ingestSection(anchor, runs));
});
