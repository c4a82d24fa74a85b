/**
 * An account's deletion (issue 29, modules/account-data): every second factor of the
 * account goes, in the deletion's transaction. The rows would go with the user's row (their
 * foreign keys cascade), but the user's row stays as the ledger's tombstone.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  totpFactors,
} from '../../db/tables/two-factor-tables.ts';

/** Deletes the account's authenticator app, recovery codes, passkeys and challenges. */
export async function eraseTwoFactorOfUser(tx: Queryable, userId: number): Promise<void> {
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}
