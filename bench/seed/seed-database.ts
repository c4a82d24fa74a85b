/**
 * Seeds a migrated database (the server's own migrations) with N users, their
 * referral graph, credited speed tests and ledger, block by block with a
 * progress bar; and, for the scale benchmark, one user with many rows.
 */
import { sql } from 'drizzle-orm';
import {
  type Database,
  type DatabaseHandle,
  prepareDatabase,
  hashPassword,
} from '@netpulse/server/tooling';
import { startOfUtcDay } from '@netpulse/shared';
import { withDatabase, type BenchDatabase } from '../lib/bench-database.ts';
import { ProgressBar } from '../lib/progress.ts';
import {
  advanceUserIds,
  insertCreditedTests,
  insertDailyClaims,
  insertReferralBonuses,
  insertUsers,
  settleUserCaches,
  type UserBlock,
} from './seed-sql.ts';

/** The password of every seeded user, so a benchmark can also log in through the API. */
export const BENCH_PASSWORD = 'bench-password-1';

export interface SeedOptions {
  users: number;
  testsPerUser: number;
  dailyClaimsPerUser: number;
}

export interface SeedFigures {
  users: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** About this many rows per statement: big enough to be set-based, small enough for progress. */
const ROWS_PER_STATEMENT = 50_000;
const SIX_HOURS_S = 6 * 3600;

/**
 * Bulk-load settings for this connection only: no wait for the WAL flush at each
 * commit, and no foreign-key triggers (the seed writes consistent ids itself).
 */
export async function bulkLoadSession(db: Database): Promise<void> {
  await db.execute(sql`set synchronous_commit = off`);
  await db.execute(sql`set session_replication_role = replica`);
}

async function currentSeasonId(db: Database, startedAt: Date): Promise<number> {
  // The cycle started before the oldest seeded row, as it would have in real life.
  const result = await db.execute<{ id: number }>(
    sql`update seasons set started_at = ${startedAt}::timestamptz where is_current returning id`,
  );
  const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) throw new Error('no current season');
  return id;
}

function* blocksOf(first: number, last: number, size: number): Generator<UserBlock> {
  for (let start = first; start <= last; start += size) {
    yield { firstUser: start, lastUser: Math.min(last, start + size - 1) };
  }
}

export async function seedDatabase(
  database: DatabaseHandle,
  options: SeedOptions,
): Promise<SeedFigures> {
  const startedAt = performance.now();
  await prepareDatabase(database);
  const db = database.db;
  await bulkLoadSession(db);
  const today = startOfUtcDay(new Date());
  const seasonId = await currentSeasonId(db, new Date(today.getTime() - 800 * 86_400_000));
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const { users, testsPerUser, dailyClaimsPerUser } = options;

  const expectedRows = users * (2 + 2 * testsPerUser + dailyClaimsPerUser);
  const progress = new ProgressBar('seed', expectedRows);
  let rows = 0;
  const step = (inserted: number) => progress.update((rows += inserted), rows);

  for (const block of blocksOf(1, users, ROWS_PER_STATEMENT)) {
    const seed = {
      passwordHash,
      today,
      creditedTests: testsPerUser,
      dailyClaims: dailyClaimsPerUser,
    };
    step(await insertUsers(db, block, seed));
  }
  const usersPerTestBlock = Math.max(1, Math.floor(ROWS_PER_STATEMENT / (testsPerUser || 1)));
  for (const block of blocksOf(1, users, usersPerTestBlock)) {
    if (testsPerUser > 0) {
      const tests = { ...block, firstTest: 1, lastTest: testsPerUser };
      step(await insertCreditedTests(db, tests, { today, seasonId, spacingSeconds: SIX_HOURS_S }));
    }
    if (dailyClaimsPerUser > 0) {
      step(await insertDailyClaims(db, block, { today, seasonId, days: dailyClaimsPerUser }));
    }
    step(await insertReferralBonuses(db, block, { seasonId }));
  }
  await settleUserCaches(db, { firstUser: 1, lastUser: users });
  await advanceUserIds(db);
  await db.execute(sql`vacuum analyze users, speedtests, point_transactions`);
  progress.update(expectedRows, rows);
  const seconds = (performance.now() - startedAt) / 1000;
  return { users, rows, seconds, rowsPerSecond: rows / seconds };
}

/**
 * Adds one user with `rows` credited speed tests and as many ledger rows (the
 * scale benchmark's subject), after the users already there. Answers its id.
 */
export async function seedHeavyUser(
  database: DatabaseHandle,
  rows: number,
): Promise<{ userId: number; rows: number; seconds: number }> {
  const startedAt = performance.now();
  const db = database.db;
  await bulkLoadSession(db);
  const today = startOfUtcDay(new Date());
  const found = await db.execute<{ next: number; season: number }>(sql`
    select coalesce(max(id), 0) + 1 as next,
      (select id from seasons where is_current) as season from users`);
  const first = (found as unknown as { rows: { next: number; season: number }[] }).rows[0];
  if (!first) throw new Error('no users table');
  const userId = Number(first.next);
  const block = { firstUser: userId, lastUser: userId };
  await insertUsers(db, block, {
    passwordHash: await hashPassword(BENCH_PASSWORD),
    today,
    creditedTests: rows,
    dailyClaims: 0,
  });
  const progress = new ProgressBar(`user with ${rows.toLocaleString('en')} rows`, 2 * rows);
  let inserted = 0;
  for (let firstTest = 1; firstTest <= rows; firstTest += ROWS_PER_STATEMENT) {
    const lastTest = Math.min(rows, firstTest + ROWS_PER_STATEMENT - 1);
    // 30 s apart, so a million tests span about a year.
    inserted += await insertCreditedTests(
      db,
      { ...block, firstTest, lastTest },
      { today, seasonId: Number(first.season), spacingSeconds: 30 },
    );
    progress.update(inserted, inserted);
  }
  await settleUserCaches(db, block);
  await advanceUserIds(db);
  await db.execute(sql`vacuum analyze users, speedtests, point_transactions`);
  return { userId, rows, seconds: (performance.now() - startedAt) / 1000 };
}

/** Seeds a benchmark's database of either kind through the benchmark's own handle. */
export const seedBenchDatabase = (database: BenchDatabase, options: SeedOptions) =>
  withDatabase(database, (handle) => seedDatabase(handle, options));

/** What the read benchmarks seed: each user's pages hold five screens of tests. */
export const READS_SEED = { testsPerUser: 50, dailyClaimsPerUser: 10 };
