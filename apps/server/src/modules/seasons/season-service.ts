import { eq } from 'drizzle-orm';
import { DEFAULT_CYCLE } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { seasons } from '../../db/schema.ts';

/** Makes sure a current cycle exists: Kilo from the first start. */
export async function ensureCurrentSeason(db: Database): Promise<void> {
  const [current] = await db.select().from(seasons).where(eq(seasons.isCurrent, true)).limit(1);
  if (current) return;
  await db.insert(seasons).values({ name: DEFAULT_CYCLE, isCurrent: true }).onConflictDoNothing();
}
