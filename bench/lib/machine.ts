/** The machine a run was made on, without anything that names a path or a host. */
import { cpus, loadavg, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgres } from '@netpulse/server/tooling';

async function postgresVersion(databaseUrl: string): Promise<string> {
  const database = fromPostgres(databaseUrl, 1);
  try {
    const result = await database.db.execute<{ server_version: string }>(sql`show server_version`);
    return (
      (result as unknown as { rows: { server_version: string }[] }).rows[0]?.server_version ?? '?'
    );
  } finally {
    await database.close();
  }
}

/** The 1-minute load average: other work on the machine takes CPU from the benchmark. */
export const loadAverage = () => fixedLoad(loadavg()[0] ?? 0);
const fixedLoad = (load: number) => load.toFixed(1);

export async function describeMachine(databaseUrl: string): Promise<string> {
  const cores = cpus();
  return [
    `- CPU: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown model'})`,
    `- Memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GB`,
    `- Node ${process.version}, PostgreSQL ${await postgresVersion(databaseUrl)}, ${process.platform}/${process.arch}`,
  ].join('\n');
}
