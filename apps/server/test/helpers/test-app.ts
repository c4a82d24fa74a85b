/**
 * Builds the real app on a fresh database with a temporary DATA_DIR (mail lands
 * there as .eml files) and a clock the test moves by hand.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { bootstrapDatabase } from '../../src/bootstrap.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { parseEnv, type Config } from '../../src/env.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import type { SecondFactorCheck } from '../../src/modules/two-factor/index.ts';
import type { CaptchaVerifier } from '../../src/providers/captcha/captcha.ts';
import { expectLedgerInvariant } from './ledger.ts';
import { databasesInTurn, freshDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ManualClock;
  config: Config;
  /** The invite code made at bootstrap, for the first sign-up. */
  firstInvite: string;
  /** Mails written so far, oldest first, as raw .eml text. */
  mails(): string[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    captcha?: CaptchaVerifier;
    now?: string;
    /** Receives the app's log lines (JSON), for tests about what is logged. */
    logStream?: Writable;
    /** A built web app to serve; by default none, so only the API answers. */
    webDistDir?: string;
    /** The extension zip to offer; by default none, so the download is a 404. */
    extensionZipPath?: string;
    /** How long each ndt7 direction runs; short by default so real runs stay quick. */
    ndt7DurationMs?: number;
    /** Rows per statement of the CSV exports; small, so a few rows cross chunks. */
    exportChunkRows?: number;
    /** The database to serve (it is migrated at the start, and closed with the app); a fresh one by default. */
    database?: DatabaseHandle;
    /** A stand-in for the two-factor module's check of an account deletion's second factor. */
    confirmSecondFactor?: SecondFactorCheck;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-app-'));
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:8080',
    ALTCHA_MAX_NUMBER: '1000',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.database ?? (await freshDatabase());
  const clock = new ManualClock(new Date(options.now ?? '2026-03-10T12:00:00.000Z'));
  // Kilo starts at the clock's time, so cycle-relative reads see it as begun.
  const { firstInvite } = await bootstrapDatabase(database, clock.now());
  const logger = options.logStream
    ? { ...(loggerOptions(config) as object), level: 'info', stream: options.logStream }
    : false;
  const app = await buildApp({
    config,
    database,
    clock,
    captcha: options.captcha,
    logger,
    webDistDir: options.webDistDir ?? join(dataDir, 'no-web-build'),
    extensionZipPath: options.extensionZipPath ?? join(dataDir, 'no-extension.zip'),
    ndt7DurationMs: options.ndt7DurationMs ?? 1_000,
    exportChunkRows: options.exportChunkRows,
    confirmSecondFactor: options.confirmSecondFactor,
  });
  await app.ready();
  const mailDir = join(dataDir, 'mail');
  return {
    app,
    database,
    clock,
    config,
    firstInvite: firstInvite ?? '',
    mails: () => {
      try {
        return readdirSync(mailDir)
          .sort()
          .map((file) => readFileSync(join(mailDir, file), 'utf8'));
      } catch {
        return [];
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh app for every test of the file: `const t = useTestApp();` then `t.app`
 * inside the tests. Each test's app starts on an empty database (databasesInTurn). After each
 * test the ledger invariant is checked: every user's points equal the sum of their ledger.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let current: TestApp | undefined;
  const databases = databasesInTurn();
  beforeEach(async () => {
    current = await createTestApp({
      ...options,
      database: options.database ?? (await databases.next()),
    });
  });
  afterEach(async () => {
    const finished = current;
    current = undefined;
    if (!finished) return;
    try {
      await expectLedgerInvariant(finished.database);
    } finally {
      await finished.close();
    }
  });
  afterAll(() => databases.closeAll());
  return new Proxy({} as TestApp, {
    get: (_target, key) => {
      if (!current) throw new Error('useTestApp: the app exists only inside a test');
      return current[key as keyof TestApp];
    },
  });
}
