/** The seasons table's SQL: the cycles, exactly one of them current. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { seasons } from '../../db/tables/seasons-tables.ts';

export type Season = typeof seasons.$inferSelect;

/** The current cycle's row, or undefined on a database not prepared yet. */
export async function findCurrentSeason(db: Queryable): Promise<Season | undefined> {
  const [current] = await db.select().from(seasons).where(eq(seasons.isCurrent, true)).limit(1);
  return current;
}

/** The current cycle's row, locked until the transaction ends. */
export async function lockCurrentSeason(tx: Queryable): Promise<Season | undefined> {
  const [current] = await tx
    .select()
    .from(seasons)
    .where(eq(seasons.isCurrent, true))
    .for('update');
  return current;
}

/** Every cycle's row, in the order they started. */
export async function seasonsInStartOrder(db: Queryable): Promise<Season[]> {
  return db.select().from(seasons).orderBy(asc(seasons.startedAt), asc(seasons.id));
}

/** Inserts the first cycle as current; does nothing when one is current already. */
export async function insertFirstSeason(db: Queryable, name: string, now: Date): Promise<void> {
  await db.insert(seasons).values({ name, isCurrent: true, startedAt: now }).onConflictDoNothing();
}

/** Ends the cycle `seasonId` at `now`. */
export async function endSeason(tx: Queryable, seasonId: number, now: Date): Promise<void> {
  await tx.update(seasons).set({ isCurrent: false, endedAt: now }).where(eq(seasons.id, seasonId));
}

/** Inserts `name` as the current cycle and returns its row. */
export async function insertCurrentSeason(
  tx: Queryable,
  season: { name: string; now: Date; endsAt?: Date },
): Promise<Season> {
  const [started] = await tx
    .insert(seasons)
    .values({
      name: season.name,
      isCurrent: true,
      startedAt: season.now,
      endsAt: season.endsAt ?? null,
    })
    .returning();
  if (!started) throw new Error('insert into seasons returned no row');
  return started;
}
