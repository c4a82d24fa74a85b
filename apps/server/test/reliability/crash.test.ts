/**
 * Crashes and clean stops of the real server process. SIGKILL at random
 * moments under load (crash-harness.ts), CRASH_CYCLES times (5 in CI, 50 in
 * `npm run test:reliability`), on PGlite in the default pass and on PostgreSQL
 * in the PostgreSQL pass (TEST_DATABASE_URL). SIGTERM lets in-flight requests
 * finish and closes cleanly.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { freshPostgresDatabase, onPostgres } from '../helpers/test-database.ts';
import { runCrashCycles, runDeletionCrashCycles } from './crash-harness.ts';
import { seedMembers } from './seed.ts';
import { callServer, startServer } from './server-process.ts';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 5);
const databaseName = onPostgres ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite';

describe(`the server process on ${databaseName}`, () => {
  it(
    `survives ${CYCLES} SIGKILLs under claim and ingest load with every acknowledged request kept`,
    async () => {
      const postgres = await freshPostgresDatabase();
      try {
        const figures = await runCrashCycles({ cycles: CYCLES, databaseUrl: postgres?.url });
        console.log(
          `crash harness (${figures.database}): ${figures.cycles} SIGKILL cycles survived, ` +
            `${figures.acknowledgedClaims} acknowledged claims and ${figures.acknowledgedIngests} ` +
            `acknowledged speed-test opens all kept, ${figures.requestsCutOff} requests cut off by the kills`,
        );
        expect(figures.cycles).toBe(CYCLES);
        expect(figures.acknowledgedClaims + figures.acknowledgedIngests).toBeGreaterThan(0);
      } finally {
        await postgres?.drop();
      }
    },
    60_000 + CYCLES * 20_000,
  );

  it(
    `leaves every account whole or wholly deleted across ${CYCLES} SIGKILLs among account deletions`,
    async () => {
      const postgres = await freshPostgresDatabase();
      try {
        const figures = await runDeletionCrashCycles({
          cycles: CYCLES,
          databaseUrl: postgres?.url,
        });
        console.log(
          `crash harness, deletions (${figures.database}): ${figures.cycles} SIGKILL cycles, ` +
            `${figures.acknowledged} deletions answered 200 all done, ${figures.deleted} accounts ` +
            `wholly deleted and ${figures.whole} whole, none half`,
        );
        expect(figures.cycles).toBe(CYCLES);
        expect(figures.deleted + figures.whole).toBe(CYCLES * 4);
      } finally {
        await postgres?.drop();
      }
    },
    120_000 + CYCLES * 40_000,
  );

  it('on SIGTERM finishes the requests in flight, then exits 0 and releases the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-term-'));
    const postgres = await freshPostgresDatabase();
    const authSecret = randomBytes(32).toString('hex');
    const publicUrl = 'http://netpulse.test';
    try {
      const database = await openDatabase({ dataDir, databaseUrl: postgres?.url });
      await prepareDatabase(database);
      const members = await seedMembers(database, { authSecret, publicUrl }, 20);
      await database.close();
      const server = await startServer({
        DATA_DIR: dataDir,
        AUTH_SECRET: authSecret,
        PUBLIC_URL: publicUrl,
        RATE_LIMIT_DISABLED: 'true',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      const inFlight = members.map((member) =>
        callServer(server.url, 'POST', '/v1/api/daily-claim', { token: member.accessToken }),
      );
      // The first answer is back, so the others are on their way when the signal comes.
      await Promise.race(inFlight);
      const signalledAt = Date.now();
      const exitCode = server.kill('SIGTERM');
      const statuses = (await Promise.all(inFlight)).map((answer) => answer?.status ?? 'cut off');
      expect(await exitCode).toBe(0);
      // As long as the requests in flight, not the 72 s keep-alive timeout of idle connections.
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

      // Drained: every claim the server made was answered 200; the rest were turned
      // away whole (503 while closing, or no connection) and made nothing.
      const reopened = await openDatabase({ dataDir, databaseUrl: postgres?.url });
      const credited = await reopened.db
        .select({ id: pointTransactions.id })
        .from(pointTransactions)
        .where(eq(pointTransactions.transactionType, 'daily_claim'));
      await reopened.close();
      const answered200 = statuses.filter((status) => status === 200).length;
      expect(answered200).toBeGreaterThan(0);
      expect(credited.length, statuses.join(',')).toBe(answered200);
      expect(statuses.filter((s) => s !== 200 && s !== 503 && s !== 'cut off')).toEqual([]);
      expect(await callServer(server.url, 'GET', '/v1/health')).toBeNull();
    } finally {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
