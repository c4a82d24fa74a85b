// The server for the browser tests: a fresh data directory each run, a light
// captcha, and rate limits off (the tests log in many times from one address).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

// Playwright's config picks the port (apps/web/e2e/support/e2e-env.ts).
const port = process.env.E2E_PORT;
if (!port) throw new Error('E2E_PORT is not set: run the browser tests through playwright');
const dataDir = join(process.cwd(), 'test-results', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

/** Starts the X, Discord and Telegram stand-ins; resolves with the settings that point at them. */
function startStandIns() {
  const standIns = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/stand-ins/serve.ts'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'exit']) process.on(signal, () => standIns.kill());
  return new Promise((resolve, reject) => {
    let output = '';
    standIns.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /STAND-INS READY (.+)\n/.exec(output);
      if (ready) resolve(JSON.parse(ready[1]));
    });
    standIns.on('exit', (code) => reject(new Error(`the stand-ins stopped (${code})`)));
  });
}

const standInSettings = await startStandIns();
// Telegram stays unconfigured: its login widget is a script from telegram.org, out of
// reach here, so the browser tests see Telegram's quests as unavailable.
const { TELEGRAM_BOT_TOKEN: _token, ...platformSettings } = standInSettings;

// The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    // A host name, so passkeys work (a relying party cannot be an IP address).
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ALTCHA_MAX_NUMBER: '1000',
    RATE_LIMIT_DISABLED: 'true',
    // Specs that need an address of their own send X-Forwarded-For, as if through a
    // proxy on this machine.
    TRUST_PROXY: '127.0.0.1',
    // Short tests and no daily cap, so a referee can reach 15 tests in a spec.
    NDT7_DURATION_S: '1',
    SPEEDTEST_DAILY_LIMIT: '100',
    SPEEDTEST_MIN_INTERVAL_S: '0',
    // No EXTENSION_ID: the server names the extension it offers, as `npm start` does.
    ...platformSettings,
    // The name quests' keep-name timer, short enough to wait out in a spec.
    NAME_QUEST_KEEP_S: '5',
    // A node quiet for a minute is told of, so the extension's notices spec waits one
    // minute, not thirty (its nodes beat every five: other specs' nodes may be told of too).
    NODE_OFFLINE_AFTER_MIN: '1',
    // The console's specs make admins with the CLI and a password alone; the rule that an
    // admin needs a second factor is the server tests' (test/account/two-factor.test.ts).
    ADMIN_REQUIRE_2FA: 'false',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
