/**
 * The account a sign-in without a typed name reads (a passkey names it): what the login's end
 * (`finishLogin`, login-service.ts) tells its owner of (banned, unverified) before the session
 * starts, so the answer is the login's and a client cannot tell which way the person signed in.
 */
import type { Queryable } from '../../db/client.ts';
import { findUserRow } from './users-repository.ts';

/** What finishing a sign-in reads of the account. */
export interface SignInAccount {
  id: number;
  email: string;
  username: string;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  /** What the operator chose to tell the person when banning (decision 033). */
  banNotice: string | null;
}

/** The account `userId` as a sign-in reads it; none for a deleted account (its tombstone). */
export async function signInAccountOf(
  db: Queryable,
  userId: number,
): Promise<SignInAccount | undefined> {
  const row = await findUserRow(db, userId);
  if (!row || row.deletedAt) return undefined;
  const { id, email, username, emailVerifiedAt, bannedAt, banNotice } = row;
  return { id, email, username, emailVerifiedAt, bannedAt, banNotice };
}
