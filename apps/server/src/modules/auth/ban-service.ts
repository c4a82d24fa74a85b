/** Banning an account: it can no longer sign in, and every session it has ends now. */
import type { Queryable } from '../../db/client.ts';
import { revokeRefreshFamilies } from './sessions-repository.ts';
import { markBanned } from './users-repository.ts';

/** Bans `userId` and revokes its refresh families, in the caller's transaction. */
export async function banUser(tx: Queryable, userId: number, now: Date): Promise<void> {
  await markBanned(tx, userId, now);
  await revokeRefreshFamilies(tx, { userId }, 'banned', now);
}
