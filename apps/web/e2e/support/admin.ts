/** Runs the admin CLI against the e2e server's data directory, as an operator would. */
import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR, E2E_PORT } from './e2e-env.ts';

export function admin(...args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args],
    {
      env: {
        ...process.env,
        DATA_DIR: E2E_DATA_DIR,
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    },
  ).trim();
}

/** A fresh single-use invite code. */
export const newInvite = () => admin('invite');
