import { join } from 'node:path';

/** The server the browser tests run against: its own port and a data directory made new each run. */
export const E2E_PORT = 8181;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = join(process.cwd(), 'test-results', 'e2e-data');

/** Browser tests drive Debian's Chromium; a downloaded browser cannot exist here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling hosts this network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
