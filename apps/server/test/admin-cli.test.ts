/**
 * `npm run admin` as an operator runs it: a process of its own, the settings from
 * the environment. It finds a running server by the address that server recorded
 * in the data directory (not by PORT), and never makes a database it was not asked to.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ADDRESS_FILE } from '../src/modules/cli-relay/relay-address.ts';
import { builtEntry } from './helpers/built-server.ts';

const run = promisify(execFile);
const INVITE_CODE = /^[23456789A-HJKMNP-Z]{8}\n$/;

const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'netpulse-cli-'));
  dataDirs.push(dir);
  return dir;
}

/** The settings a shell would hand both processes; PORT and HOST are left to each test. */
function environment(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PORT: _port, HOST: _host, DATABASE_URL: _url, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
}

async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtEntry('admin-cli'), ...args], {
      env: environment(dataDir),
    });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the admin CLI', () => {
  it('refuses a data directory without a database, and creates nothing there', async () => {
    const dataDir = newDataDir();
    const result = await admin(dataDir, 'invite');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`No database in ${dataDir}`);
    expect(result.stderr).toContain('--create');
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
  }, 60_000);

  it('creates one when asked with --create, and uses it afterwards', async () => {
    const dataDir = newDataDir();
    const created = await admin(dataDir, 'invite', '--create');
    expect(created).toMatchObject({ exitCode: 0, stderr: '' });
    expect(created.stdout).toMatch(INVITE_CODE);
    expect((await admin(dataDir, 'season', 'list')).stdout).toMatch(/^Kilo .* current/);
  }, 90_000);

  it('goes through the running server whatever its port, without being told the port', async () => {
    const dataDir = newDataDir();
    // Port 0: the system picks one, which nothing but the recorded address can tell.
    server = spawn(process.execPath, [builtEntry('server')], {
      env: environment(dataDir, { PORT: '0', HOST: '127.0.0.1' }),
      stdio: 'ignore',
    });
    const addressFile = join(dataDir, ADMIN_ADDRESS_FILE);
    await expect.poll(() => existsSync(addressFile), { timeout: 60_000, interval: 200 }).toBe(true);
    expect(readFileSync(addressFile, 'utf8')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n?$/);

    const result = await admin(dataDir, 'invite', '--uses', '3');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(INVITE_CODE);

    // A server that stops takes its address with it.
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    expect(existsSync(addressFile)).toBe(false);
  }, 120_000);
});
