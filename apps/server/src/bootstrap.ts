/** What a database needs before serving: migrations, a current cycle, a first invite. */
import type { DatabaseHandle } from './db/client.ts';
import { firstRunInvite } from './modules/invites/invite-service.ts';
import { ensureCurrentSeason } from './modules/seasons/season-service.ts';

export interface BootstrapResult {
  /** The invite for the first sign-up, while the database has no users. */
  firstInvite: string | null;
}

export async function bootstrapDatabase(database: DatabaseHandle): Promise<BootstrapResult> {
  await database.migrate();
  await ensureCurrentSeason(database.db);
  return { firstInvite: await firstRunInvite(database.db) };
}
