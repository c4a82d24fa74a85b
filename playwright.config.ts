import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_HEALTH_URL,
  E2E_PORT,
} from './apps/web/e2e/support/e2e-env.ts';

/** The validator extension's specs (issue 6): each launches a Chromium of its own with the extension. */
const EXTENSION_SPEC = /extension\.spec\.ts$/;

/**
 * The specs whose subject is the whole network, not one account: the explorer publishes Paris
 * only while every account that tested elsewhere is in a published place or five or more
 * (docs/decisions/042), and an announcement reaches every account there is when it is sent (a
 * member of another spec would find an English notice, or one more unread, in its bell). They
 * run first and one at a time, before any other spec has an account.
 */
const NETWORK_WIDE_SPECS = [/0-explorer\.spec\.ts$/, /announcement\.spec\.ts$/];

export default defineConfig({
  testDir: './apps/web/e2e',
  fullyParallel: false,
  // Two at a time: most specs spend their time waiting (a speed test's seconds, a resend's
  // minute, a node going quiet), and each spec's accounts, addresses and mailboxes are its own.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // The trace's DOM snapshots, without its screencast: recording frames for every test cost
    // about a fifth of the run's CPU, for traces kept only when a test fails.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'network-wide',
      use: { browserName: 'chromium' },
      testMatch: NETWORK_WIDE_SPECS,
      workers: 1,
    },
    // Listed before the page specs, so the extension's node that must go quiet for a minute
    // starts waiting early instead of last. Its speed tests come from 127.0.0.1; the specs that
    // check the Unique IP boost (points, bytes-refresh, first-run) send an address of their own
    // (X-Forwarded-For), so which spec runs beside which does not decide it. Each test launches
    // its own Chromium with the unpacked extension (support/extension.ts).
    {
      name: 'extension',
      testMatch: EXTENSION_SPEC,
      dependencies: ['network-wide'],
      fullyParallel: true,
    },
    // Every test on its own: each signs up its own people, with their own addresses and
    // mailboxes, so a file's tests need not wait for one another.
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: [EXTENSION_SPEC, ...NETWORK_WIDE_SPECS],
      dependencies: ['network-wide'],
      fullyParallel: true,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: E2E_HEALTH_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
