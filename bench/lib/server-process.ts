/**
 * The real server as a separate process (the compiled apps/server/dist/server.js
 * that `npm start` runs, built afresh once per benchmark run), so the benchmark's
 * own load generator never shares its event loop or its memory figures. Its RSS
 * is read from /proc while the load runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_BUILD = join(REPO_ROOT, 'apps/server/build.mjs');
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server.js');

let serverBuilt = false;

/** Compiles the server from the current sources, once per benchmark process. */
function buildServer(): void {
  if (serverBuilt) return;
  const build = spawnSync(process.execPath, [SERVER_BUILD], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  serverBuilt = true;
}

/** The secret the benchmark signs access tokens with, as the server does. */
export const BENCH_AUTH_SECRET = 'bench-auth-secret-that-is-long-enough-to-pass';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The settings the server was started with (for minting tokens it accepts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy within 60 s');
}

/** What a server is started with: its address and every setting it gets. */
export interface ServerSettings {
  url: string;
  env: Record<string, string>;
}

/**
 * The settings of a server on the database `databaseEnv` names (DATABASE_URL for
 * PostgreSQL, or DATA_DIR alone for PGlite, as `npm start` reads them), with the
 * baseline route on and rate limits off (both only for benchmarks). Its port is
 * chosen now, so tokens it accepts can be minted before it starts: with PGlite
 * the benchmark must sign users in before the server owns the database.
 */
export async function serverSettings(
  databaseEnv: { DATABASE_URL: string } | { DATA_DIR: string },
  extraEnv: Record<string, string> = {},
): Promise<ServerSettings> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      ...databaseEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      RATE_LIMIT_DISABLED: 'true',
      BENCH_BASELINE_ROUTE: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  };
}

/**
 * Starts the compiled server with `settings`. Without a DATA_DIR of its own (a
 * PostgreSQL run) it gets a scratch one, removed when it stops. BENCH_CPU_PROF=<dir>
 * in the benchmark's environment writes a V8 CPU profile of the server there, and
 * BENCH_SERVER_NODE_ARGS gives the server's node more flags (a V8 heap setting, say).
 * Answers once the server's start-up jobs are done (awaitIdleJobQueue).
 */
export async function startServer(settings: ServerSettings): Promise<ServerProcess> {
  buildServer();
  const scratchDir = settings.env.DATA_DIR
    ? undefined
    : mkdtempSync(join(tmpdir(), 'netpulse-bench-'));
  const env = { ...settings.env, ...(scratchDir ? { DATA_DIR: scratchDir } : {}) };
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = [
    '--enable-source-maps',
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilHealthy(settings.url, child);
  const server: ServerProcess = {
    url: settings.url,
    pid: child.pid ?? -1,
    env,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    },
  };
  // Every figure is of a quiet server: its start-up jobs (the explorer's rebuild of a
  // seeded database among them) would otherwise share the machine with the load.
  console.error("waiting for the server's start-up jobs");
  try {
    await awaitIdleJobQueue(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** A memory figure of a process's /proc status (`VmRSS`, `VmHWM`) in bytes; 0 when absent. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  return kib ? Number(kib) * 1024 : 0;
}

/** The resident set size of a process in bytes (Linux /proc). */
export const residentBytes = (pid: number): number => statusBytes(pid, 'VmRSS');

/**
 * The highest resident set size a process has had, in bytes (Linux VmHWM): since it
 * started, or since `resetOwnResidentPeak` for this process.
 */
export const peakResidentBytes = (pid: number): number => statusBytes(pid, 'VmHWM');

/**
 * Lowers this process's VmHWM to its RSS now (writing 5 to /proc/self/clear_refs, Linux
 * 4.0 and later), so `peakResidentBytes` then gives the peak of what follows alone.
 * Answers false where the kernel refuses it.
 */
export function resetOwnResidentPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The CPU time a process has used so far, user and system, in milliseconds
 * (Linux /proc, clock ticks of 10 ms). Divided by the requests served, it gives
 * the server's own cost per request, which other work on the machine changes
 * far less than it changes requests per second.
 */
export function cpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

/** Samples a process's RSS every 200 ms until stopped; answers the peak in bytes. */
export function sampleResidentPeak(pid: number): { stop(): number } {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentBytes(pid));
    } catch {
      // The process ended.
    }
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** How long a server's start-up jobs (its scheduled work's first slots) may take. */
const STARTUP_JOBS_WAIT_MS = 10 * 60_000;
const QUIET_POLLS = 3;

/**
 * Waits until the server's job queue is idle: a server queues each schedule's first slot as
 * it starts (the explorer's daily rebuild among them, tens of seconds on a seeded database),
 * and a load measured meanwhile would share the machine with it. Read from the server's own
 * /metrics (loopback needs no token), so it serves PGlite, whose database no other process
 * may open, as well as PostgreSQL. Idle means no job waiting or running at three reads a
 * second apart: the schedules are queued before the server answers its first request.
 */
async function awaitIdleJobQueue(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_JOBS_WAIT_MS;
  let quietPolls = 0;
  while (quietPolls < QUIET_POLLS) {
    if (Date.now() > deadline) {
      throw new Error("the server's start-up jobs did not finish within 10 minutes");
    }
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const busy = [...metrics.matchAll(/^netpulse_jobs\{state="(waiting|running)"\} (\d+)/gm)];
    quietPolls = busy.length > 0 && busy.every((line) => line[2] === '0') ? quietPolls + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
