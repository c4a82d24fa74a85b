import formatjs from '@formatjs/unplugin/vite';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default (one worker fewer than the cores) leaves a single worker on a 2-core CI
 * machine, though the server tests spend much of their time waiting on their database: two
 * workers there halve the suite. Each server test file has its own cloned database, so files
 * running side by side share nothing.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The English defaults in the web app's code, compiled as its build compiles them: its
 * formatter reads syntax trees only (docs/decisions/036), and a test without a catalog reads
 * the defaults.
 */
const compiledDefaults = () => formatjs({ ast: true });

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'i18n', include: ['packages/i18n/src/**/*.test.ts'] } },
      { test: { name: 'ndt7', include: ['packages/ndt7/src/**/*.test.ts'] } },
      // The repository's own tooling: the lint boundaries of eslint.config.js.
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/cheap-password-hashing.ts'],
          // A worker keeps the server's modules from one test file to the next: imported
          // anew for each of about 150 files, they cost 3 to 5 s a file. Nothing the server
          // tests share lives in a module: each test builds its own app, clock and database,
          // and no server test mocks a module or changes the environment (the setup file's
          // one mock is every file's).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [compiledDefaults()],
        // The web app's `@/` alias (apps/web/vite.config.ts), and `@testing/` for its test fixtures.
        // A catalog's part (`?part=start`) is its whole catalog here: the build cuts it.
        resolve: {
          alias: [
            { find: '@', replacement: fileURLToPath(new URL('apps/web/src', import.meta.url)) },
            {
              find: '@testing',
              replacement: fileURLToPath(new URL('apps/web/testing', import.meta.url)),
            },
            {
              find: /^(.*[\\/]compiled[\\/][\w-]+\.json)\?part=\w+$/,
              replacement: '$1',
            },
          ],
        },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          name: 'extension',
          include: ['apps/extension/src/**/*.test.ts', 'apps/extension/build/**/*.test.ts'],
        },
      },
    ],
  },
});
