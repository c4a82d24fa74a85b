/**
 * The admin actions' SQL on the users table: the operator's changes to an account
 * (ban reason, boost, streak, role), each run in the action's transaction with the
 * user's row locked.
 */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';

export type UserRow = typeof users.$inferSelect;

/** The user's row, locked until the transaction ends; undefined when there is no such user. */
export async function lockUser(tx: Queryable, userId: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** The operators' reason, and what the person is told (null: nothing but the ban). */
export async function setBanReason(
  tx: Queryable,
  userId: number,
  reason: string,
  notice: string | null,
): Promise<void> {
  await tx.update(users).set({ banReason: reason, banNotice: notice }).where(eq(users.id, userId));
}

export async function clearBan(tx: Queryable, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ bannedAt: null, banReason: null, banNotice: null })
    .where(eq(users.id, userId));
}

export async function setAdditionalBoost(
  tx: Queryable,
  userId: number,
  multiplier: number | null,
): Promise<void> {
  await tx.update(users).set({ additionalBoost: multiplier }).where(eq(users.id, userId));
}

export async function setDailyStreak(
  tx: Queryable,
  userId: number,
  streak: { days: number; claimedAt: Date; lastMilestone: number },
): Promise<void> {
  await tx
    .update(users)
    .set({
      dailyStreaks: streak.days,
      lastClaimedAt: streak.claimedAt,
      lastClaimedStreakMilestone: streak.lastMilestone,
    })
    .where(eq(users.id, userId));
}

/** The admins' ids, their rows locked in id order (two demotions at once see each other). */
export async function lockAdmins(tx: Queryable): Promise<{ id: number }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .for('update');
}

export async function setUserRole(tx: Queryable, userId: number, role: Role): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/** The user named `name` (username or email, any case). */
export async function findUserByName(db: Queryable, name: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name}) or lower(${users.email}) = lower(${name})`)
    .limit(1);
  return user;
}

/** The user's role and name, or undefined when there is no such user. */
export async function roleAndNameOf(
  db: Queryable,
  userId: number,
): Promise<{ role: Role; username: string } | undefined> {
  const [user] = await db
    .select({ role: users.role, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}
