/**
 * The real server as a child process, built as `npm start` runs it (helpers/built-server.ts),
 * for the tests that kill it, restart it, or run two of it, with its settings from the
 * environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { builtEntry } from '../helpers/built-server.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed, for a failure's message. */
  output(): string;
  /** Resolves with the exit code (or the signal) once it has exited. */
  exited: Promise<number | NodeJS.Signals>;
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server with `env` on a free port and waits until /v1/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [builtEntry('server')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill('SIGKILL');
  throw new Error(`the server was not ready in time:\n${output}`);
}

export interface HttpAnswer {
  status: number;
  body: { success?: boolean; message?: string; data?: Record<string, unknown> } | null;
  setCookie: string[];
}

/** One JSON call; a refused connection or a reset is `null` (the server was gone). */
export async function callServer(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: {
    token?: string;
    payload?: object;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<HttpAnswer | null> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.payload ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.payload ? JSON.stringify(options.payload) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: HttpAnswer['body'] = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, setCookie: response.headers.getSetCookie() };
  } catch {
    return null;
  }
}
