// The server for the browser tests: a fresh data directory each run, a light
// captcha, and rate limits off (the tests log in many times from one address).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const port = process.env.E2E_PORT ?? '8181';
const dataDir = join(process.cwd(), 'test-results', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ALTCHA_MAX_NUMBER: '1000',
    RATE_LIMIT_DISABLED: 'true',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
