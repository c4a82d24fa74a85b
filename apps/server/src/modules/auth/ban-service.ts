/** Banning an account: it can no longer sign in, and every session it has ends now. */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { revokeRefreshFamilies } from './sessions-repository.ts';

/** Bans `userId` and revokes its refresh families, in the caller's transaction. */
export async function banUser(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ bannedAt: now }).where(eq(users.id, userId));
  await revokeRefreshFamilies(tx, { userId }, 'banned', now);
}
