import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { emailTokens, users } from '../../db/tables/auth-tables.ts';

export type EmailTokenPurpose = 'verify' | 'reset';

export async function insertEmailToken(
  db: Queryable,
  token: {
    userId: number;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
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
 * Marks the token used if it is usable, in one conditional UPDATE, and returns
 * its user; two concurrent uses cannot both get a row back.
 */
export async function consumeEmailToken(
  db: Queryable,
  query: { tokenHash: string; purpose: EmailTokenPurpose; now: Date },
): Promise<number | null> {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: query.now })
    .where(usable(query.tokenHash, query.purpose, query.now))
    .returning({ userId: emailTokens.userId });
  return token?.userId ?? null;
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
