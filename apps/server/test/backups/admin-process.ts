/**
 * `npm run admin` as an operator runs it, for the backup tests: a process of its
 * own with the settings given and nothing else of the test runner's environment
 * (no DATABASE_URL or AUTH_SECRET leaks in).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { builtEntry } from '../helpers/built-server.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface AdminRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI with `args` and `env` (DATA_DIR at least), in the repository's root. */
export async function runAdmin(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [builtEntry('admin-cli'), ...args],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'warn',
          ...env,
        },
      },
    );
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
