/**
 * The server and the admin CLI as `npm start` and `npm run admin` run them: one bundle each,
 * built once per test run (global-setup.ts). The tests that run them as processes start them
 * with plain node: through tsx each start compiled the sources again, about 1.1 s of an admin
 * command's 1.8 s and 1.4 s of a server's start.
 */
import { join } from 'node:path';
import { inject } from 'vitest';

export function builtEntry(name: 'server' | 'admin-cli' | 'country-index-worker'): string {
  return join(inject('serverBuildDir'), `${name}.js`);
}
