/**
 * Kills the real server with SIGKILL at random moments under claim and ingest
 * load, restarts it on the same database, and at the end checks what a crash
 * must never do: lose a request that was answered 2xx, credit anything twice,
 * or break `points == sum(points_earned)`. With PGlite each restart also proves
 * the data directory reopens after a kill (its lock file is left behind).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { fromPostgres, openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { seedMembers, type SeededMember } from './seed.ts';
import { callServer, startServer, type ServerProcess } from './server-process.ts';

export interface CrashFigures {
  database: 'pglite' | 'postgres';
  cycles: number;
  acknowledgedClaims: number;
  acknowledgedIngests: number;
  requestsCutOff: number;
}

const PUBLIC_URL = 'http://netpulse.test';
const MEMBERS_PER_CYCLE = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims and speed-test opens in waves until `stop()`; records what was acknowledged. */
function driveLoad(server: ServerProcess, members: SeededMember[]) {
  const claims: string[] = [];
  const ingests: string[] = [];
  let cutOff = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await Promise.all(
        members.flatMap((member) => [
          // The same claim twice at once: at most one may be credited, kill or not.
          ...[0, 1].map(async () => {
            const answer = await callServer(server.url, 'POST', '/v1/api/daily-claim', {
              token: member.accessToken,
            });
            if (!answer) cutOff += 1;
            else if (answer.status === 200) claims.push(String(answer.body?.data?.transaction_id));
          }),
          (async () => {
            const answer = await callServer(server.url, 'POST', '/v1/api/speedtests', {
              token: member.accessToken,
            });
            if (!answer) cutOff += 1;
            else if (answer.status === 200) ingests.push(String(answer.body?.data?.testId));
          })(),
        ]),
      );
    }
  })();
  return {
    claims,
    ingests,
    cutOff: () => cutOff,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

export async function runCrashCycles(options: {
  cycles: number;
  /** PostgreSQL to crash against; PGlite in a temporary DATA_DIR when absent. */
  databaseUrl?: string;
  /** Called after each cycle, for progress output. */
  onCycle?: (cycle: number) => void;
}): Promise<CrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'netpulse-crash-'));
  const authSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    PUBLIC_URL,
    // The limits are not what is under test; they would refuse most of the load.
    RATE_LIMIT_DISABLED: 'true',
    SPEEDTEST_MIN_INTERVAL_S: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const open = (): Promise<DatabaseHandle> =>
    options.databaseUrl
      ? Promise.resolve(fromPostgres(options.databaseUrl, 2))
      : openDatabase({ dataDir });

  // Members first, with the database to ourselves (PGlite has one owner at a time).
  let database = await open();
  await prepareDatabase(database);
  const members = await seedMembers(
    database,
    { authSecret, publicUrl: PUBLIC_URL },
    options.cycles * MEMBERS_PER_CYCLE,
  );
  await database.close();

  const figures: CrashFigures = {
    database: options.databaseUrl ? 'postgres' : 'pglite',
    cycles: 0,
    acknowledgedClaims: 0,
    acknowledgedIngests: 0,
    requestsCutOff: 0,
  };
  const claims: string[] = [];
  const ingests: string[] = [];
  try {
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const server = await startServer(env);
      const load = driveLoad(
        server,
        members.slice(cycle * MEMBERS_PER_CYCLE, (cycle + 1) * MEMBERS_PER_CYCLE),
      );
      await sleep(100 + Math.random() * 700);
      await server.kill('SIGKILL');
      await load.stop();
      claims.push(...load.claims);
      ingests.push(...load.ingests);
      figures.requestsCutOff += load.cutOff();
      figures.cycles += 1;
      options.onCycle?.(cycle + 1);
    }

    // One more start proves the last kill left a database the server opens; then a clean stop.
    const last = await startServer(env);
    expect(await last.kill('SIGTERM')).toBe(0);

    database = await open();
    const ledger = await database.db
      .select({ userId: pointTransactions.userId, transactionId: pointTransactions.transactionId })
      .from(pointTransactions)
      .where(eq(pointTransactions.transactionType, 'daily_claim'));
    const credited = new Set(ledger.map((row) => row.transactionId));
    expect(
      claims.filter((id) => !credited.has(id)),
      'acknowledged claims lost',
    ).toEqual([]);
    const perMember = new Map<number, number>();
    for (const row of ledger) perMember.set(row.userId, (perMember.get(row.userId) ?? 0) + 1);
    expect(
      [...perMember.values()].filter((n) => n > 1),
      'members credited twice',
    ).toEqual([]);
    const stored = ingests.length
      ? await database.db
          .select({ id: speedtests.id })
          .from(speedtests)
          .where(inArray(speedtests.id, ingests))
      : [];
    expect(stored.length, 'acknowledged speed tests lost').toBe(new Set(ingests).size);
    await expectLedgerInvariant(database);
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.acknowledgedClaims = claims.length;
  figures.acknowledgedIngests = ingests.length;
  return figures;
}
