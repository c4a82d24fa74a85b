import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../../src/db/client.ts';
import {
  emailTokens,
  invites,
  refreshFamilies,
  refreshTokens,
  users,
} from '../../src/db/schema.ts';

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
