import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../../src/db/client.ts';
import {
  emailTokens,
  refreshFamilies,
  refreshTokens,
  users,
} from '../../src/db/tables/auth-tables.ts';
import { invites } from '../../src/db/tables/invites-tables.ts';

export async function countRows(database: DatabaseHandle, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ rows: count() }).from(table);
  return row?.rows ?? 0;
}

/** A snapshot of everything the auth calls may write, to show that a refused call wrote nothing. */
export async function authState(database: DatabaseHandle) {
  return {
    users: await database.db.select().from(users).orderBy(users.id),
    invites: await database.db.select().from(invites).orderBy(invites.id),
    emailTokens: await database.db.select().from(emailTokens).orderBy(emailTokens.id),
    refreshFamilies: await database.db
      .select()
      .from(refreshFamilies)
      .orderBy(refreshFamilies.createdAt),
    refreshTokens: await database.db.select().from(refreshTokens).orderBy(refreshTokens.id),
  };
}

/**
 * What a refused request must leave as it was: the row count of every table
 * (read from the catalog, so new tables count too; the explorer's read model aside) and every
 * user's points.
 */
export async function stateSnapshot(database: DatabaseHandle): Promise<Record<string, unknown>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // Not the explorer's read model: only its rebuild job writes it, and the rebuild every app
  // queues as it starts may finish in the middle of a test (seen on PostgreSQL in CI).
  const names = rowsOf<{ name: string }>(tables)
    .map((row) => row.name)
    .filter((name) => !name.startsWith('explorer_'));
  const counts = sql.join(
    names.map(
      (name) => sql`(select count(*) from ${sql.identifier(name)})::int as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const [rowCounts] = rowsOf(
    await database.db.execute<Record<string, number>>(sql`select ${counts}`),
  );
  const points = await database.db
    .select({ id: users.id, points: users.points })
    .from(users)
    .orderBy(users.id);
  return { rowCounts, points };
}

/** node-postgres answers `{ rows }`, PGlite too; Drizzle's types differ between the two. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
