/** What a database needs before serving: migrations, a current cycle, a first invite. */
import type { DatabaseHandle } from './db/client.ts';
import { firstRunInvite } from './modules/invites/index.ts';
import { ensureCurrentSeason } from './modules/seasons/index.ts';

export interface BootstrapResult {
  /** The invite for the first sign-up, while the database has no users. */
  firstInvite: string | null;
}

/**
 * Migrations and a current cycle: what every process using the database needs.
 * `now` is when a first cycle starts (tests hand in their clock's time).
 */
export async function prepareDatabase(database: DatabaseHandle, now = new Date()): Promise<void> {
  await database.migrate();
  await ensureCurrentSeason(database.db, now);
}

/** The server's start: prepare, then make sure the first person has a way in. */
export async function bootstrapDatabase(
  database: DatabaseHandle,
  now = new Date(),
): Promise<BootstrapResult> {
  await prepareDatabase(database, now);
  return { firstInvite: await firstRunInvite(database.db) };
}
