/** The invites' SQL: the invites table, and the users' codes a new invite code must not take. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { invites } from '../../db/tables/invites-tables.ts';

export type Invite = typeof invites.$inferSelect;

/** Whether a user's referral code is `code` (an invite code must differ from every one). */
export async function isReferralCodeTaken(db: Queryable, code: string): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return taken.length > 0;
}

/** Inserts an invite under `code`; undefined when another invite has that code already. */
export async function insertInviteRow(
  db: Queryable,
  invite: { code: string; uses: number; note?: string | null; createdAt?: Date },
): Promise<Invite | undefined> {
  const { code, uses } = invite;
  const inserted = await db
    .insert(invites)
    .values({
      code,
      usesLeft: uses,
      note: invite.note ?? null,
      ...(invite.createdAt ? { createdAt: invite.createdAt } : {}),
    })
    .onConflictDoNothing()
    .returning();
  return inserted[0];
}

/** How many accounts there are. */
export async function countUsers(db: Queryable): Promise<number> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  return count;
}

/** The oldest invite with uses left and not revoked, or undefined. */
export async function firstOpenInviteCode(db: Queryable): Promise<string | undefined> {
  const [open] = await db
    .select({ code: invites.code })
    .from(invites)
    .where(and(gt(invites.usesLeft, 0), isNull(invites.revokedAt)))
    .orderBy(invites.id)
    .limit(1);
  return open?.code;
}

/**
 * The invites, newest first, with how many accounts each let in (the console).
 */
export async function invitesPage(
  db: Queryable,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: (Invite & { used: number })[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        invite: invites,
        // Spelled out: drizzle leaves a one-table query's columns unqualified.
        used: sql<number>`(select count(*)::int from users as invited where invited.invite_id = invites.id)`,
      })
      .from(invites)
      .orderBy(sql`${invites.id} desc`)
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(invites),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.invite, used: row.used })),
    total: counted?.total ?? 0,
  };
}

/** The invite with its row locked until the transaction ends; undefined when there is none. */
export async function lockInvite(tx: Queryable, inviteId: number): Promise<Invite | undefined> {
  const [invite] = await tx.select().from(invites).where(eq(invites.id, inviteId)).for('update');
  return invite;
}

/** Revokes the invite: it lets nobody in from now on. */
export async function markInviteRevoked(tx: Queryable, inviteId: number, now: Date): Promise<void> {
  await tx.update(invites).set({ revokedAt: now }).where(eq(invites.id, inviteId));
}

/** Whether `code` is an invite with uses left (codes are stored in upper case). */
export async function isOpenInvite(db: Queryable, code: string): Promise<boolean> {
  const found = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.code, code), gt(invites.usesLeft, 0), isNull(invites.revokedAt)))
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
    .where(and(eq(invites.code, code), gt(invites.usesLeft, 0), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return taken?.id ?? null;
}
