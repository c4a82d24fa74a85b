/**
 * Whether the account's sign-in asks for a second factor: what another module's step that
 * must be proven by one (the account's deletion) reads. An authenticator app counts once a
 * first code confirmed it (totp_factors.confirmed_at); one being set up does not.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { totpFactors } from '../../db/tables/two-factor-tables.ts';

/** True when the account has a confirmed authenticator app. */
export async function isTotpConfirmed(db: Queryable, userId: number): Promise<boolean> {
  const found = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return found.length > 0;
}
