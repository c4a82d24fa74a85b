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
import type { TransactionDatabase } from '../db/transaction.ts';
import { createCommitSignal } from './commit-signal.ts';

/** Told once per committed credit: its type and the points (Bytes) it paid. */
export type CreditListener = (type: TransactionType, points: number) => void;

const committed =
  createCommitSignal<[credits: readonly { type: TransactionType; points: number }[]]>();

/**
 * Calls `listener` for every credit committed on `db` from now on; answers the
 * function that stops it (the app calls it when it closes).
 */
export function onCommittedCredits(db: TransactionDatabase, listener: CreditListener): () => void {
  return committed.listen(db, (credits) => {
    for (const credit of credits) listener(credit.type, credit.points);
  });
}

/** Registers `credits`, written in `tx`, to be told once `tx` commits. */
export function tellWhenCommitted(
  tx: Transaction,
  credits: readonly { type: TransactionType; points: number }[],
): void {
  committed.tellWhenCommitted(tx, credits);
}
