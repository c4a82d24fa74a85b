import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_HEALTH_URL,
  E2E_PORT,
} from './apps/web/e2e/support/e2e-env.ts';

/** The validator extension's spec (issue 6). */
const EXTENSION_SPEC = /extension\.spec\.ts$/;

export default defineConfig({
  testDir: './apps/web/e2e',
  fullyParallel: false,
  workers: 1,
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
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: EXTENSION_SPEC },
    // Listed last, so with one worker it runs after the others. Its speed tests come from
    // 127.0.0.1; the specs that check the Unique IP boost (points, bytes-refresh, first-run)
    // send an address of their own (X-Forwarded-For), so the order no longer decides it. It
    // launches its own Chromium with the unpacked extension (support/extension.ts).
    { name: 'extension', testMatch: EXTENSION_SPEC },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: E2E_HEALTH_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
