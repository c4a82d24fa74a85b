/**
 * The set-based statements of the seed: each inserts a block of rows with
 * generate_series and INSERT ... SELECT, so PostgreSQL builds them itself
 * instead of receiving them one by one. Ids are set explicitly (the referral
 * graph names referrers by id); a seeded user's data lies before `today`, so the
 * benchmarks can still claim and complete tests today.
 */
import { sql } from 'drizzle-orm';
import { SPEEDTEST_DETAILS } from '@netpulse/shared';
import type { Database } from '@netpulse/server/tooling';

/** Every seeded user refers this many others: user n was referred by user floor(n / 4). */
export const REFEREES_PER_USER = 4;

export interface UserBlock {
  firstUser: number;
  lastUser: number;
}

export const benchUsername = (userId: number) => `bench${userId}`;

export async function insertUsers(
  db: Database,
  block: UserBlock,
  seed: { passwordHash: string; today: Date; creditedTests: number; dailyClaims: number },
): Promise<number> {
  const lastClaimedAt = new Date(seed.today.getTime() - 15 * 3600_000);
  await db.execute(sql`
    insert into users (id, email, username, password_hash, email_verified_at, referral_code,
      referred_by_user_id, referral_qualified_at, credited_tests, daily_streaks, streak_run,
      last_claimed_at, created_at)
    overriding system value
    select g, 'bench' || g || '@example.com', 'bench' || g, ${seed.passwordHash},
      ${seed.today}::timestamptz - interval '400 days',
      'B' || lpad(g::text, 7, '0'),
      nullif(g / ${REFEREES_PER_USER}::int, 0),
      case when g / ${REFEREES_PER_USER}::int > 0
        then ${seed.today}::timestamptz - interval '300 days' end,
      ${seed.creditedTests}::int, ${seed.dailyClaims}::int, 1, ${lastClaimedAt}::timestamptz,
      ${seed.today}::timestamptz - interval '400 days' + g * interval '1 second'
    from generate_series(${block.firstUser}::int, ${block.lastUser}::int) as g`);
  return block.lastUser - block.firstUser + 1;
}

/**
 * Credited speed tests number firstTest..lastTest of every user in the block
 * (test k completed k * spacing before today), and the ledger row crediting
 * each, in one statement: the ledger's idempotency key names the test's id.
 */
export async function insertCreditedTests(
  db: Database,
  block: UserBlock & { firstTest: number; lastTest: number },
  seed: { today: Date; seasonId: number; spacingSeconds: number },
): Promise<number> {
  await db.execute(sql`
    with tests as (
      insert into speedtests (user_id, ip_address, opened_at, expires_at,
        download_started_at, download_done_at, download_bytes, download_elapsed_us,
        upload_started_at, upload_done_at, upload_bytes, upload_elapsed_us,
        latency_ms, location_cell, country, is_ip_slashing, is_location_slashing, points, completed_at)
      select u, '10.' || (u / 65536 % 256) || '.' || (u / 256 % 256) || '.' || (u % 256),
        t.at - interval '25 seconds', t.at + interval '5 minutes',
        t.at - interval '24 seconds', t.at - interval '14 seconds', 12500000, 10000000,
        t.at - interval '13 seconds', t.at - interval '3 seconds', 6250000, 10000000,
        12.5, '881f1d4895fffff', 'DE', k % 10 = 0, false,
        case when k % 10 = 0 then 100 else 200 end, t.at
      from generate_series(${block.firstUser}::int, ${block.lastUser}::int) as u,
        generate_series(${block.firstTest}::int, ${block.lastTest}::int) as k,
        lateral (select ${seed.today}::timestamptz
          - k * ${seed.spacingSeconds}::int * interval '1 second'
          - (u % 3600) * interval '1 second' as at) as t
      returning id, user_id, points, completed_at
    )
    insert into point_transactions (transaction_id, user_id, transaction_type, points_earned,
      details, season_id, idempotency_key, created_at)
    select upper(substr(md5('speedtest:' || id), 1, 16)), user_id, 'speedtest_earning', points,
      ${SPEEDTEST_DETAILS}, ${seed.seasonId}::int, 'speedtest:' || id, completed_at
    from tests`);
  const users = block.lastUser - block.firstUser + 1;
  return 2 * users * (block.lastTest - block.firstTest + 1);
}

/** One daily claim (100 Bytes) on each of the `days` UTC days before today, per user. */
export async function insertDailyClaims(
  db: Database,
  block: UserBlock,
  seed: { today: Date; seasonId: number; days: number },
): Promise<number> {
  await db.execute(sql`
    insert into point_transactions (transaction_id, user_id, transaction_type, points_earned,
      details, season_id, idempotency_key, created_at)
    select upper(substr(md5(k.key), 1, 16)), u, 'daily_claim', 100, 'Daily Claim',
      ${seed.seasonId}::int, k.key, t.day + interval '9 hours'
    from generate_series(${block.firstUser}::int, ${block.lastUser}::int) as u,
      generate_series(1, ${seed.days}::int) as d,
      lateral (select ${seed.today}::timestamptz - d * interval '1 day' as day) as t,
      lateral (select 'daily:' || u || ':' || to_char(t.day at time zone 'UTC', 'YYYY-MM-DD') as key) as k`);
  return (block.lastUser - block.firstUser + 1) * seed.days;
}

/** The referral bonus (200 Bytes) each referee in the block paid its referrer when it qualified. */
export async function insertReferralBonuses(
  db: Database,
  block: UserBlock,
  seed: { seasonId: number },
): Promise<number> {
  await db.execute(sql`
    insert into point_transactions (transaction_id, user_id, transaction_type, points_earned,
      details, season_id, idempotency_key, created_at)
    select upper(substr(md5('refbonus:' || id), 1, 16)), referred_by_user_id, 'referral_bonus',
      200, 'Referral bonus: ' || username, ${seed.seasonId}::int, 'refbonus:' || id,
      referral_qualified_at
    from users
    where id between ${block.firstUser}::int and ${block.lastUser}::int
      and referral_qualified_at is not null`);
  const first = Math.max(block.firstUser, REFEREES_PER_USER);
  return Math.max(0, block.lastUser - first + 1);
}

/**
 * The caches the server keeps with every credit, from the ledger just written:
 * users.points == sum(points_earned) and users.ledger_rows == count, and the
 * referrers' successful_referrals.
 */
export async function settleUserCaches(db: Database, block: UserBlock): Promise<void> {
  await db.execute(sql`
    update users set points = s.points, ledger_rows = s.rows
    from (select user_id, sum(points_earned)::bigint as points, count(*)::int as rows
      from point_transactions
      where user_id between ${block.firstUser}::int and ${block.lastUser}::int
      group by user_id) as s
    where users.id = s.user_id`);
  await db.execute(sql`
    update users set successful_referrals = r.referees
    from (select referred_by_user_id as id, count(*)::int as referees from users
      where referral_qualified_at is not null group by 1) as r
    where users.id = r.id
      and users.id between ${block.firstUser}::int and ${block.lastUser}::int`);
}

/** Moves the identity past the explicit ids, so sign-ups after the seed get fresh ones. */
export async function advanceUserIds(db: Database): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
  );
}
