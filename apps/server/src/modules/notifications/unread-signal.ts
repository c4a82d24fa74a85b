/**
 * Who has a new unread count once a transaction commits: notices written (notify) and read
 * (the routes) are told here, and the live stream (notice-stream.ts) listens. Listeners are
 * kept per database, so apps built side by side in one process (tests) each hear only their
 * own, and a notice of a transaction that rolled back is never told.
 */
import type { Transaction } from '../../db/client.ts';
import type { TransactionDatabase } from '../../db/transaction.ts';
import { createCommitSignal } from '../../lib/commit-signal.ts';

/** Told the users whose unread count changed; it must be quick and not throw. */
export type UnreadListener = (userIds: readonly number[]) => void;

const unread = createCommitSignal<[userIds: readonly number[]]>();

/** Calls `listener` for every change committed on `db` from now on; answers what stops it. */
export function onUnreadChanged(db: TransactionDatabase, listener: UnreadListener): () => void {
  return unread.listen(db, listener);
}

/** Tells the listeners of `db` at once (a change that committed on its own). */
export function tellUnreadChanged(db: TransactionDatabase, userIds: readonly number[]): void {
  if (userIds.length > 0) unread.tell(db, userIds);
}

/** Tells the listeners once `tx` commits. */
export function tellUnreadChangedWhenCommitted(tx: Transaction, userIds: readonly number[]): void {
  if (userIds.length > 0) unread.tellWhenCommitted(tx, userIds);
}
