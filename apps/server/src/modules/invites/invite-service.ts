/** Operator invites: created (codes unique among invites and referral codes), used at signup, revoked. */
import type { Database, Queryable } from '../../db/client.ts';
import { newReferralCode } from '../../lib/random-codes.ts';
import {
  countUsers,
  firstOpenInviteCode,
  insertInviteRow,
  isReferralCodeTaken,
  type Invite,
} from './invites-repository.ts';

/** Creates an admin invite code good for `uses` sign-ups. */
export async function createInvite(db: Queryable, uses = 1): Promise<string> {
  return (await insertInvite(db, { uses })).code;
}

/** Creates an invite with an optional note and returns its row (the console shows it). */
export async function insertInvite(
  db: Queryable,
  invite: { uses: number; note?: string | null; createdAt?: Date },
): Promise<Invite> {
  for (;;) {
    const code = newReferralCode();
    // A code must be unique across invites and users' referral codes.
    if (await isReferralCodeTaken(db, code)) continue;
    const inserted = await insertInviteRow(db, { ...invite, code });
    if (inserted) return inserted;
  }
}

/**
 * On a database with no users yet: an invite for the first person, reused across
 * restarts until someone signs up with it. Returns null once anyone has signed up.
 */
export async function firstRunInvite(db: Database): Promise<string | null> {
  if ((await countUsers(db)) > 0) return null;
  return (await firstOpenInviteCode(db)) ?? createInvite(db);
}
