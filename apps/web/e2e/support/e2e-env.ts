import { join } from 'node:path';

/** The server the browser tests run against: its own port and a data directory made new each run. */
export const E2E_PORT = 8181;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = join(process.cwd(), 'test-results', 'e2e-data');
