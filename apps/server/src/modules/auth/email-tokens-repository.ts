import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { emailTokens, users } from '../../db/tables/auth-tables.ts';

export type EmailTokenPurpose = 'verify' | 'reset' | 'email_change' | 'email_undo';

export async function insertEmailToken(
  db: Queryable,
  token: {
    userId: number;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
    /** The address an email change's link is about: the new one, or the old one to restore. */
    email?: string;
  },
): Promise<void> {
  await db.insert(emailTokens).values(token);
}

const usable = (tokenHash: string, purpose: EmailTokenPurpose, now: Date) =>
  and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/**
 * Marks the token used if it is usable, in one conditional UPDATE, and returns its user and
 * the address it is about (an email change's link; null for the others); null when it is
 * not usable. Two concurrent uses cannot both get a row back.
 */
export async function consumeEmailToken(
  db: Queryable,
  query: { tokenHash: string; purpose: EmailTokenPurpose; now: Date },
): Promise<{ userId: number; email: string | null } | null> {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: query.now })
    .where(usable(query.tokenHash, query.purpose, query.now))
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return token ?? null;
}

/** The new address an account asked for and has not confirmed yet, if its link still works. */
export async function pendingEmailOf(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<string | null> {
  const [token] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'email_change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id))
    .limit(1);
  return token?.email ?? null;
}

/**
 * Whether the token, used or expired or not, is one of ours whose user's address
 * is verified: a link followed again, or an older one of an address verified since.
 */
export async function isTokenOfVerifiedUser(
  db: Queryable,
  query: { tokenHash: string; purpose: EmailTokenPurpose },
): Promise<boolean> {
  const found = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, query.tokenHash),
        eq(emailTokens.purpose, query.purpose),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/** The user of the token if it could be consumed now (without consuming it), else null. */
export async function usableEmailTokenOwner(
  db: Queryable,
  query: { tokenHash: string; purpose: EmailTokenPurpose; now: Date },
): Promise<number | null> {
  const [token] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usable(query.tokenHash, query.purpose, query.now))
    .limit(1);
  return token?.userId ?? null;
}

/** Marks every unused token of this purpose used, so older links stop working. */
export async function retireEmailTokens(
  db: Queryable,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

/** Deletes every link mailed to the user (they name its addresses): an account's deletion. */
export async function deleteEmailTokensOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
}
