/**
 * The first-run checklist's read model (docs/decisions/033): one statement over the
 * user's row, their nodes and the accounts they referred. It reads the tables of
 * the auth and nodes modules, as a report does, and writes none. Each step is a
 * fact that only ever turns true (a removed node keeps its row, a claim its time,
 * a credited test its count), so a list once done stays done without a flag.
 */
import { sql } from 'drizzle-orm';
import type { FirstRunState } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-kit.ts';

/** The checklist of `userId`; null when there is no such user. */
export async function firstRunStateOf(
  db: Queryable,
  userId: number,
): Promise<FirstRunState | null> {
  const rows = rowsOf<FirstRunState>(
    await db.execute(sql`
      select
        users.email_verified_at is not null as email_verified,
        exists (
          select 1 from nodes where nodes.user_id = users.id and nodes.kind = 'extension'
        ) as extension_signed_in,
        users.credited_tests > 0 as first_test,
        users.last_claimed_at is not null as first_daily_claim,
        exists (
          select 1 from users as referees where referees.referred_by_user_id = users.id
        ) as first_friend_invited
      from users
      where users.id = ${userId}
    `),
  );
  return rows[0] ?? null;
}
