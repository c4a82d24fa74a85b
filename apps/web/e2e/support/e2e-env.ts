import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A port nobody listens on now, asked of the system by a short child process: the
 * config is read synchronously, and Playwright's workers inherit the chosen port
 * through E2E_PORT, so every process of one run agrees and two runs never collide.
 */
function freePort(): string {
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  ).trim();
}

process.env.E2E_PORT ??= freePort();

/**
 * The server the browser tests run against: its own port and a data directory made new each
 * run. Its address is `localhost`, not 127.0.0.1: browsers refuse passkeys on an IP address
 * (a relying party is a host name), and the account's spec adds one. The server still listens
 * on 127.0.0.1 only (scripts/e2e-server.mjs), which `localhost` reaches.
 */
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Where the runner checks the server is up: Node may try localhost's ::1 first. */
export const E2E_HEALTH_URL = `http://127.0.0.1:${E2E_PORT}/v1/health`;
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
