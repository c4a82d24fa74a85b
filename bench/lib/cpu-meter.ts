/**
 * Where a load's CPU time goes, per request: the server process, PostgreSQL's
 * processes (when it runs on this machine, where /proc shows them), and this
 * process, the load generator. On a 2-core machine the three share the cores,
 * so these say which one a rate is bound by better than the rate itself does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMilliseconds } from './server-process.ts';

export interface CpuPerRequest {
  serverMicros: number;
  /** Null when no PostgreSQL process is visible (PGlite, or a server elsewhere). */
  postgresMicros: number | null;
  loadGeneratorMicros: number;
  /** The server's CPU time over the wall time: 1.0 is one core busy all along. */
  serverCores: number;
}

/** CPU milliseconds of every process named `postgres` visible in /proc, by pid. */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      byPid.set(Number(entry), cpuMilliseconds(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

const ownCpuMilliseconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Starts counting; stop(requests) answers each part's CPU time per request.
 * `withPostgres` is false for a PGlite run, whose database is inside the server.
 */
export function startCpuMeter(
  serverPid: number,
  withPostgres: boolean,
): { stop(requests: number): CpuPerRequest } {
  const startedAt = performance.now();
  const server = cpuMilliseconds(serverPid);
  const own = ownCpuMilliseconds();
  const postgres = withPostgres ? postgresCpu() : new Map<number, number>();
  return {
    stop: (requests) => {
      const wallMs = performance.now() - startedAt;
      const serverMs = cpuMilliseconds(serverPid) - server;
      const perRequest = (milliseconds: number) => (milliseconds * 1000) / Math.max(1, requests);
      let postgresMs = 0;
      // A backend that started during the load began at zero.
      for (const [pid, now] of withPostgres ? postgresCpu() : []) {
        postgresMs += now - (postgres.get(pid) ?? 0);
      }
      return {
        serverMicros: perRequest(serverMs),
        postgresMicros: withPostgres && postgres.size > 0 ? perRequest(postgresMs) : null,
        loadGeneratorMicros: perRequest(ownCpuMilliseconds() - own),
        serverCores: serverMs / wallMs,
      };
    },
  };
}
