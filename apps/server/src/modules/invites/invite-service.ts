import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { invites, users } from '../../db/schema.ts';
import { newReferralCode } from '../../lib/random-codes.ts';

/** Creates an admin invite code good for `uses` sign-ups. */
export async function createInvite(db: Database, uses = 1): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    // A code must be unique across invites and users' referral codes.
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code))
      .limit(1);
    if (taken.length > 0) continue;
    const inserted = await db
      .insert(invites)
      .values({ code, usesLeft: uses })
      .onConflictDoNothing()
      .returning({ code: invites.code });
    if (inserted[0]) return inserted[0].code;
  }
}

/**
 * On a database with no users yet: an invite for the first person, reused across
 * restarts until someone signs up with it. Returns null once anyone has signed up.
 */
export async function firstRunInvite(db: Database): Promise<string | null> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  if (count > 0) return null;
  const [open] = await db
    .select({ code: invites.code })
    .from(invites)
    .where(sql`${invites.usesLeft} > 0`)
    .orderBy(invites.id)
    .limit(1);
  return open?.code ?? createInvite(db);
}

/** Whether `code` is an invite with uses left (codes are stored in upper case). */
export async function isOpenInvite(db: Queryable, code: string): Promise<boolean> {
  const found = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.code, code), gt(invites.usesLeft, 0)))
    .limit(1);
  return found.length > 0;
}

/**
 * Takes one use of the invite in a single conditional UPDATE, so two sign-ups
 * racing for the last use cannot both get it. Returns the invite's id, or null
 * when the code is unknown or used up.
 */
export async function takeInviteUse(db: Queryable, code: string): Promise<number | null> {
  const [taken] = await db
    .update(invites)
    .set({ usesLeft: sql`${invites.usesLeft} - 1` })
    .where(and(eq(invites.code, code), gt(invites.usesLeft, 0)))
    .returning({ id: invites.id });
  return taken?.id ?? null;
}
