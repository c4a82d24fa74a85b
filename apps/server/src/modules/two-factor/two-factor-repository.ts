/**
 * The SQL of an authenticator app's factor, its recovery codes and the second step of a
 * sign-in (the two-factor module's tables, db/tables/two-factor-tables.ts), the expired
 * challenges' cleanup of every purpose, and an account's erasure. Every use of a code is one
 * conditional UPDATE, so two servers racing with the same code accept it once.
 */
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  totpFactors,
  type SIGN_IN_CHALLENGE_PURPOSES,
} from '../../db/tables/two-factor-tables.ts';

export interface TotpFactorRow {
  /** Sealed (two-factor-context.ts); never sent again once set up. */
  sealedSecret: string;
  confirmedAt: Date | null;
}

export async function totpFactorOf(
  db: Queryable,
  userId: number,
): Promise<TotpFactorRow | undefined> {
  const [row] = await db
    .select({ sealedSecret: totpFactors.secret, confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  return row;
}

/**
 * Keeps a new secret waiting for its first code, in place of one already waiting; false
 * (nothing written) when the account's factor is confirmed, in the same statement.
 */
export async function savePendingTotp(
  db: Queryable,
  factor: { userId: number; sealedSecret: string; now: Date },
): Promise<boolean> {
  const written = await db
    .insert(totpFactors)
    .values({ userId: factor.userId, secret: factor.sealedSecret, createdAt: factor.now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: factor.sealedSecret, lastUsedStep: null, createdAt: factor.now },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return written.length > 0;
}

/**
 * Accepts a code of time step `step` once: records the step when it is later than every step
 * accepted before (no replay in the code's window), and, for a factor waiting for its first
 * code (`confirming`), turns it on. False when the step was used, or the factor is not in the
 * state the caller expects.
 */
export async function useTotpStep(
  db: Queryable,
  use: { userId: number; step: number; confirming: boolean; now: Date },
): Promise<boolean> {
  const used = await db
    .update(totpFactors)
    .set({ lastUsedStep: use.step, ...(use.confirming ? { confirmedAt: use.now } : {}) })
    .where(
      and(
        eq(totpFactors.userId, use.userId),
        use.confirming ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, use.step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

export async function deleteTotpFactor(db: Queryable, userId: number): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

/** A new set of recovery codes (their hashes) in place of the old set. */
export async function replaceRecoveryCodes(
  db: Queryable,
  codes: { userId: number; codeHashes: string[]; now: Date },
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, codes.userId));
  await db.insert(recoveryCodes).values(
    codes.codeHashes.map((codeHash) => ({
      userId: codes.userId,
      codeHash,
      createdAt: codes.now,
    })),
  );
}

export async function deleteRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Marks an unused recovery code used, in one conditional UPDATE: true the one time it works. */
export async function useRecoveryCode(
  db: Queryable,
  use: { userId: number; codeHash: string; now: Date },
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: use.now })
    .where(
      and(
        eq(recoveryCodes.userId, use.userId),
        eq(recoveryCodes.codeHash, use.codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return used.length > 0;
}

export interface TwoFactorStatusRow {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
}

/**
 * Which second factors the account has, in one statement. The passkeys are counted here
 * (both tables are this module's); their writes are the passkey files'.
 */
export async function twoFactorStatusOf(
  db: Queryable,
  userId: number,
): Promise<TwoFactorStatusRow> {
  const totpOn = db
    .select({ one: sql`1` })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const codesLeft = db
    .select({ codes: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const passkeyCount = db
    .select({ passkeys: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const [row] = await db
    .select({
      totp: sql<boolean>`exists ${totpOn}`,
      recoveryCodesLeft: sql<number>`(${codesLeft})::int`,
      passkeys: sql<number>`(${passkeyCount})::int`,
    })
    .from(sql`(select 1) as one`);
  return {
    totp: Boolean(row?.totp),
    recoveryCodesLeft: Number(row?.recoveryCodesLeft ?? 0),
    passkeys: Number(row?.passkeys ?? 0),
  };
}

/**
 * The operators' rule (ADMIN_REQUIRE_2FA, issue 29): whether an account has a second factor
 * at all, an authenticator app that is on or a passkey. One statement: the console's scope
 * asks it on every request.
 */
export async function hasSecondFactor(db: Queryable, userId: number): Promise<boolean> {
  const totpOn = db
    .select({ one: sql`1` })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const anyPasskey = db
    .select({ one: sql`1` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const [row] = await db
    .select({ any: sql<boolean>`exists ${totpOn} or exists ${anyPasskey}` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.any);
}

/** Whether the account's password step asks for a code: its authenticator app is on. */
export async function isTotpOn(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

export async function insertTwoFactorChallenge(
  db: Queryable,
  challenge: { userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(signInChallenges).values({
    tokenHash: challenge.tokenHash,
    purpose: 'two_factor',
    userId: challenge.userId,
    expiresAt: challenge.expiresAt,
    createdAt: challenge.now,
  });
}

/** A second step's challenge may still be answered: not used, not expired, not dead. */
const answerable = (maxWrongCodes: number, now: Date) =>
  and(
    eq(signInChallenges.purpose, 'two_factor'),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, now),
    lt(signInChallenges.failedAttempts, maxWrongCodes),
  );

export interface TwoFactorChallengeRow {
  id: string;
  userId: number;
}

export async function answerableTwoFactorChallenge(
  db: Queryable,
  query: { tokenHash: string; maxWrongCodes: number; now: Date },
): Promise<TwoFactorChallengeRow | undefined> {
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, query.tokenHash),
        answerable(query.maxWrongCodes, query.now),
      ),
    );
  return row?.userId == null ? undefined : { id: row.id, userId: row.userId };
}

/** Counts a wrong code on the challenge, atomically; the wrong codes it has had in all. */
export async function countWrongCode(db: Queryable, challengeId: string): Promise<number> {
  const [row] = await db
    .update(signInChallenges)
    .set({ failedAttempts: sql`${signInChallenges.failedAttempts} + 1` })
    .where(eq(signInChallenges.id, challengeId))
    .returning({ failedAttempts: signInChallenges.failedAttempts });
  return row?.failedAttempts ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the challenge, if it may still be answered: true for one request only. */
export async function claimTwoFactorChallenge(
  db: Queryable,
  claim: { challengeId: string; maxWrongCodes: number; now: Date },
): Promise<boolean> {
  const claimed = await db
    .update(signInChallenges)
    .set({ usedAt: claim.now })
    .where(
      and(eq(signInChallenges.id, claim.challengeId), answerable(claim.maxWrongCodes, claim.now)),
    )
    .returning({ id: signInChallenges.id });
  return claimed.length > 0;
}

/**
 * Challenges of one purpose (a second step, a passkey sign-in) that expired before `before`:
 * nothing reads them again.
 */
export async function deleteExpiredChallenges(
  db: Queryable,
  purpose: (typeof SIGN_IN_CHALLENGE_PURPOSES)[number],
  before: Date,
): Promise<void> {
  await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.purpose, purpose), lt(signInChallenges.expiresAt, before)));
}

/**
 * An account's deletion (issue 29, modules/account-data): every second factor of the account
 * goes, its authenticator app, recovery codes, passkeys and challenges, in the deletion's
 * transaction. The rows would go with the user's row (their foreign keys cascade), but the
 * user's row stays as the ledger's tombstone.
 */
export async function eraseTwoFactorOfUser(tx: Queryable, userId: number): Promise<void> {
  await deleteTotpFactor(tx, userId);
  await deleteRecoveryCodes(tx, userId);
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}
