/**
 * The passkeys' SQL: the `passkeys` table and the `sign_in_challenges` rows of the WebAuthn
 * ceremonies (purposes `passkey_registration` and `passkey_sign_in`). Every read of a
 * person's passkeys is scoped to their account; a challenge is used once, by one
 * conditional UPDATE, so two requests can never both use it.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { passkeys, signInChallenges } from '../../db/tables/two-factor-tables.ts';
import { deleteExpiredChallenges } from './two-factor-repository.ts';

/** A passkey as its person sees it. */
export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A passkey as a sign-in checks it: whose it is, its public key and its counter. */
export interface StoredCredential {
  id: string;
  userId: number;
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  /** Comma-separated, as the browser reported them at registration; null when it did not. */
  transports: string | null;
}

const passkeyRow = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

/** The account's passkeys, in the order they were added. */
export async function passkeysOfUser(db: Queryable, userId: number): Promise<PasskeyRow[]> {
  return db
    .select(passkeyRow)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** How many passkeys the account has (its two-factor status, the cap on adding one). */
export async function countPasskeys(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ passkeys: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.passkeys ?? 0;
}

/** The credential ids of the account's passkeys: a new registration must not repeat one. */
export async function credentialsOfUser(
  db: Queryable,
  userId: number,
): Promise<{ credentialId: string; transports: string | null }[]> {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function insertPasskey(
  db: Queryable,
  passkey: {
    userId: number;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string | null;
    backedUp: boolean;
    name: string;
    createdAt: Date;
  },
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(passkey).returning(passkeyRow);
  if (!row) throw new Error('insert into passkeys returned no row');
  return row;
}

/** Renames the account's passkey `id`; undefined when the account has no such passkey. */
export async function renamePasskey(
  db: Queryable,
  key: { userId: number; id: string },
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.userId, key.userId)))
    .returning(passkeyRow);
  return row;
}

/** Removes the account's passkey `id`; false when the account has no such passkey. */
export async function deletePasskey(
  db: Queryable,
  key: { userId: number; id: string },
): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, key.id), eq(passkeys.userId, key.userId)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}

/** The passkey whose credential id the authenticator answered with, whoever's it is. */
export async function findCredential(
  db: Queryable,
  credentialId: string,
): Promise<StoredCredential | undefined> {
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      signCount: passkeys.signCount,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/**
 * Records a sign-in with the passkey: its new signature counter and when. Only when the
 * counter moved forward since it was read (or the authenticator keeps none: 0 stays 0), in
 * one conditional UPDATE: of two assertions with the same counter, as a cloned
 * authenticator would make, one is recorded and the other gets false.
 */
export async function recordPasskeyUse(
  db: Queryable,
  use: { id: string; signCount: number; now: Date },
): Promise<boolean> {
  const counterMoves =
    use.signCount === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, use.signCount);
  const updated = await db
    .update(passkeys)
    .set({ signCount: use.signCount, lastUsedAt: use.now })
    .where(and(eq(passkeys.id, use.id), counterMoves))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/**
 * The account's registration challenge: the new one replaces any earlier one, so only the
 * options the browser asked for last can add a passkey, and an account keeps one row.
 */
export async function replaceRegistrationChallenge(
  db: Queryable,
  challenge: {
    userId: number;
    webauthnChallenge: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, challenge.userId),
        eq(signInChallenges.purpose, 'passkey_registration'),
      ),
    );
  await db.insert(signInChallenges).values({ ...challenge, purpose: 'passkey_registration' });
}

/**
 * Uses the account's newest live registration challenge, and returns the WebAuthn
 * challenge the authenticator had to sign; undefined when there is none (expired, used).
 */
export async function useRegistrationChallenge(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<string | undefined> {
  const newest = db
    .select({ id: signInChallenges.id })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, userId),
        eq(signInChallenges.purpose, 'passkey_registration'),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(signInChallenges.createdAt))
    .limit(1);
  const [used] = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(inArray(signInChallenges.id, newest), isNull(signInChallenges.usedAt)))
    .returning({ webauthnChallenge: signInChallenges.webauthnChallenge });
  return used?.webauthnChallenge ?? undefined;
}

/**
 * A passkey sign-in's challenge, for no account yet (the passkey will name it). The expired
 * ones of earlier sign-ins go at the same time: nothing else would remove them.
 */
export async function insertSignInChallenge(
  db: Queryable,
  challenge: { tokenHash: string; webauthnChallenge: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await deleteExpiredChallenges(db, 'passkey_sign_in', challenge.createdAt);
  await db.insert(signInChallenges).values({ ...challenge, purpose: 'passkey_sign_in' });
}

/** Uses the sign-in challenge of this token, once; its WebAuthn challenge, else undefined. */
export async function useSignInChallenge(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [used] = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        eq(signInChallenges.purpose, 'passkey_sign_in'),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .returning({ webauthnChallenge: signInChallenges.webauthnChallenge });
  return used?.webauthnChallenge ?? undefined;
}
