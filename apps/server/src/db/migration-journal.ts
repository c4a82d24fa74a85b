/**
 * Whether a database was ever migrated, read from drizzle's migrations journal:
 * the server's start, the command line and a backup's restore check all ask it,
 * so it lives with the database, below all of them.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from './batched-read.ts';
import type { DatabaseHandle } from './client.ts';

/** Whether the database was ever migrated: its migrations' journal (Drizzle's) exists. */
export async function hasBeenMigrated(database: DatabaseHandle): Promise<boolean> {
  const result = await database.db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
  );
  return rowsOf<{ migrated: boolean }>(result)[0]?.migrated === true;
}
