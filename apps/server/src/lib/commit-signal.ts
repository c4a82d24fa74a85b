/**
 * A signal told once a transaction commits, with listeners kept per database, so apps
 * built side by side in one process (tests) each hear only their own, and what a
 * transaction that rolled back wrote is never told. The ledger's committed credits, the
 * notices' unread counts and the queued jobs' wake-ups are each one of these.
 */
import type { Transaction } from '../db/client.ts';
import { afterCommit, type TransactionDatabase } from '../db/transaction.ts';

export interface CommitSignal<Args extends unknown[]> {
  /** Calls `listener` for every signal on `db` from now on; answers the function that stops it. */
  listen(db: TransactionDatabase, listener: (...args: Args) => void): () => void;
  /** Tells the listeners of `db` at once (a change that committed on its own). */
  tell(db: TransactionDatabase, ...args: Args): void;
  /** Tells the listeners of the database `tx` runs on once `tx` commits. */
  tellWhenCommitted(tx: Transaction, ...args: Args): void;
}

export function createCommitSignal<Args extends unknown[]>(): CommitSignal<Args> {
  const listeners = new WeakMap<TransactionDatabase, Set<(...args: Args) => void>>();
  const tell = (db: TransactionDatabase, ...args: Args) => {
    for (const listener of listeners.get(db) ?? []) listener(...args);
  };
  return {
    listen(db, listener) {
      let set = listeners.get(db);
      if (!set) listeners.set(db, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    tell,
    tellWhenCommitted(tx, ...args) {
      afterCommit(tx, (db) => tell(db, ...args));
    },
  };
}
