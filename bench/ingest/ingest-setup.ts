/**
 * What the ingest benchmark prepares before its clock starts. A completion
 * (POST /v1/api/points) needs a test whose two ndt7 directions the server
 * measured; each run takes seconds of real transfer, so thousands of them
 * cannot be made in a benchmark. Instead the measurements are written as the
 * ndt7 endpoints write them (as the server tests' measuredSpeedtest helper
 * does), set-based, and only the completion itself, the real route with every
 * rule and lock, is timed. No server shortcut exists or is needed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@netpulse/server/tooling';

/** One measured, not yet completed test per user, opened just now from the user's own address. */
export async function insertMeasuredTests(
  db: Database,
  userIds: number[],
): Promise<{ userId: number; testId: string }[]> {
  const result = await db.execute<{ id: string; user_id: number }>(sql`
    insert into speedtests (user_id, ip_address, opened_at, expires_at,
      download_started_at, download_done_at, download_bytes, download_elapsed_us,
      upload_started_at, upload_done_at, upload_bytes, upload_elapsed_us, latency_ms)
    select u, '10.' || (u / 65536 % 256) || '.' || (u / 256 % 256) || '.' || (u % 256),
      now(), now() + interval '2 minutes',
      now(), now(), 12500000, 10000000, now(), now(), 6250000, 10000000, 12.5
    from unnest(${`{${userIds.join(',')}}`}::int[]) as u
    returning id, user_id`);
  return (result as unknown as { rows: { id: string; user_id: number }[] }).rows.map((row) => ({
    userId: row.user_id,
    testId: row.id,
  }));
}

export interface LedgerCheck extends Record<string, unknown> {
  /** Users whose points differ from the sum of their ledger rows. */
  pointsDrift: number;
  /** Users whose ledger_rows or credited_tests counter differs from a count. */
  counterDrift: number;
  duplicateKeys: number;
}

/** docs/ARCHITECTURE.md section 5's invariant over every user, and the counters the pages read. */
export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const result = await db.execute<LedgerCheck>(sql`
    with ledger as (
      select user_id, sum(points_earned) as points, count(*) as rows
      from point_transactions group by user_id
    ), tests as (
      select user_id, count(*) as credited from speedtests
      where completed_at is not null group by user_id
    )
    select
      (select count(*) from users u left join ledger l on l.user_id = u.id
        where u.points <> coalesce(l.points, 0))::int as "pointsDrift",
      (select count(*) from users u left join ledger l on l.user_id = u.id
        left join tests t on t.user_id = u.id
        where u.ledger_rows <> coalesce(l.rows, 0)
          or u.credited_tests <> coalesce(t.credited, 0))::int as "counterDrift",
      (select count(*) from (select idempotency_key from point_transactions
        group by idempotency_key having count(*) > 1) as d)::int as "duplicateKeys"`);
  const row = (result as unknown as { rows: LedgerCheck[] }).rows[0];
  if (!row) throw new Error('the ledger check answered nothing');
  return row;
}
