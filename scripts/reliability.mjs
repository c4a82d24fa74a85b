#!/usr/bin/env node
/**
 * `npm run test:reliability`: the reliability suite (apps/server/test/reliability)
 * at full length, first on PGlite, then on PostgreSQL with Redis, and the figures
 * of the run at the end (docs/RELIABILITY.md). CI runs the same tests shorter.
 *
 * Settings: CRASH_CYCLES (50), HOSTILE_RUNS (100 per route), and where the
 * PostgreSQL pass runs: RELIABILITY_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres,
 * a database is created beside it and dropped after) and TEST_REDIS_URL
 * (redis://127.0.0.1:6379/0).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

const env = {
  CRASH_CYCLES: process.env.CRASH_CYCLES ?? '50',
  HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? '100',
};
const adminUrl =
  process.env.RELIABILITY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const FIGURE = /(hostile input|crash harness|forgot-password timing)[^:]*:|Tests\s+\d/;

const figures = [];

function runSuite(name, extraEnv) {
  return new Promise((resolve) => {
    console.log(`\n== Reliability suite on ${name} ==`);
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', 'apps/server/test/reliability'],
      { env: { ...process.env, ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // eslint-disable-next-line no-control-regex
        const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
        if (FIGURE.test(plain)) figures.push(`${name}: ${plain}`);
      }
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const started = Date.now();
let failed = (await runSuite('PGlite', { TEST_DATABASE_URL: '' })) !== 0;

const database = `netpulse_reliability_${process.pid}`;
await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
try {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const code = await runSuite('PostgreSQL + Redis', {
    TEST_DATABASE_URL: url.toString(),
    TEST_REDIS_URL: redisUrl,
  });
  failed ||= code !== 0;
} finally {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

console.log(`\n== Figures (${Math.round((Date.now() - started) / 1000)} s) ==`);
for (const line of figures) console.log(line);
process.exit(failed ? 1 : 0);
