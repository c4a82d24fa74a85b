/**
 * `npm run bench:profile -- PATH [--seconds N] [--users N]`: loads one path of
 * a seeded database (DATABASE_URL) for a while, as N signed-in users (default
 * 8; `npm run bench` uses 1000), for a CPU profile of the server
 * (BENCH_CPU_PROF=<dir> writes one there when the server stops).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, fromPostgres } from '@netpulse/server/tooling';
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { loadPath } from '../lib/load.ts';
import { fixed, whole } from '../lib/report.ts';
import { cpuMilliseconds, serverSettings, startServer } from '../lib/server-process.ts';
import { signIn, spreadUserIds } from '../lib/sessions.ts';

runMain(async () => {
  const flags = flagsOf(['seconds', 'connections', 'users']);
  const path = process.argv.slice(2).find((arg) => arg.startsWith('/'));
  const databaseUrl = process.env.DATABASE_URL;
  if (!path || !databaseUrl)
    throw new Error('usage: DATABASE_URL=... bench:profile -- /v1/api/...');
  const database = fromPostgres(databaseUrl, 1);
  const server = await startServer(await serverSettings({ DATABASE_URL: databaseUrl }));
  try {
    const found = await database.db.execute(sql`select max(id) as users from users`);
    const maxUserId = Number(rowsOf<{ users: number }>(found)[0]?.users ?? 0);
    const userIds = spreadUserIds(countFlag(flags.users, 8), maxUserId);
    const sessions = await signIn(database.db, server.env, userIds);
    const cpuBefore = cpuMilliseconds(server.pid);
    const figures = await loadPath(path, {
      baseUrl: server.url,
      connections: countFlag(flags.connections, 64),
      durationSeconds: countFlag(flags.seconds, 10),
      sessions,
    });
    const cpuPerRequest = (cpuMilliseconds(server.pid) - cpuBefore) / figures.requests;
    console.log(
      `${path}: ${whole(figures.requestsPerSecond)} req/s, p50 ${fixed(figures.p50Ms, 0)} ms, p99 ${fixed(figures.p99Ms, 0)} ms, ` +
        `${figures.failures} failed, server CPU ${fixed(cpuPerRequest * 1000, 0)} µs per request`,
    );
  } finally {
    await server.stop();
    await database.close();
  }
});
