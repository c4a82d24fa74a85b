/**
 * The ledger's credits that committed, told to whoever listens (the app's
 * metrics), by type: a credit of a transaction that rolled back, or of an
 * attempt run again after a serialization failure, is never told. The ledger
 * tells (tellWhenCommitted) and metrics listens (onCommittedCredits) without
 * either importing the other. Listeners are kept per database, so apps built
 * side by side in one process (tests) each hear their own.
 */
import type { TransactionType } from '@netpulse/shared';
import type { Transaction } from '../db/client.ts';
import { afterCommit, type TransactionDatabase } from '../db/transaction.ts';

/** Told once per committed credit: its type and the points (Bytes) it paid. */
export type CreditListener = (type: TransactionType, points: number) => void;

const listeners = new WeakMap<TransactionDatabase, Set<CreditListener>>();

/**
 * Calls `listener` for every credit committed on `db` from now on; answers the
 * function that stops it (the app calls it when it closes).
 */
export function onCommittedCredits(db: TransactionDatabase, listener: CreditListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Registers `credits`, written in `tx`, to be told once `tx` commits. */
export function tellWhenCommitted(
  tx: Transaction,
  credits: readonly { type: TransactionType; points: number }[],
): void {
  afterCommit(tx, (db) => {
    const set = listeners.get(db);
    if (!set) return;
    for (const listener of set) {
      for (const credit of credits) listener(credit.type, credit.points);
    }
  });
}
