/**
 * Runs the admin CLI against the e2e server's data directory, as an operator would:
 * without PORT, since the CLI finds the running server by the address it recorded there.
 * It runs compiled, as the server does (`npm run test:e2e` builds both): through tsx, each of
 * a run's hundred calls spent seconds compiling the sources again.
 */
import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR } from './e2e-env.ts';

export function admin(...args: string[]): string {
  const { PORT: _port, HOST: _host, ...environment } = process.env;
  return execFileSync(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/admin-cli.js', ...args],
    {
      env: {
        ...environment,
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
      },
      encoding: 'utf8',
    },
  ).trim();
}

/** A fresh single-use invite code. */
export const newInvite = () => admin('invite');
