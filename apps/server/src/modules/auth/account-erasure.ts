/**
 * The auth module's part of an account's deletion (issue 29): modules/account-data runs the
 * whole deletion in one transaction and calls these with it. The user's row becomes its
 * tombstone (account-tombstone.ts); its sessions and mailed links go.
 */
import type { Transaction } from '../../db/client.ts';
import type { AccountTombstone } from './account-tombstone.ts';
import { deleteEmailTokensOfUser } from './email-tokens-repository.ts';
import { deleteSessionsOfUser } from './sessions-repository.ts';
import { lockLiveAccount, writeTombstone } from './users-repository.ts';

/**
 * Locks the account's row for its deletion, so the account's other writes (a test's
 * completion, a claim) wait for it and then find it deleted: its username, or null when the
 * account was deleted already (two deletions at once: the first one wins).
 */
export async function lockAccountToErase(
  tx: Transaction,
  userId: number,
): Promise<{ username: string } | null> {
  return (await lockLiveAccount(tx, userId)) ?? null;
}

/**
 * Writes the account's tombstone (`accountTombstone(userId)`) over the person's data and
 * deletes every session (web and node: the nodes must no longer name theirs) and every
 * mailed link.
 */
export async function eraseAccountOfUser(
  tx: Transaction,
  userId: number,
  tombstone: AccountTombstone,
  now: Date,
): Promise<void> {
  await writeTombstone(tx, userId, tombstone, now);
  await deleteEmailTokensOfUser(tx, userId);
  await deleteSessionsOfUser(tx, userId);
}
