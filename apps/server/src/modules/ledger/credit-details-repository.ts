/**
 * The ledger's one write besides crediting (docs/ARCHITECTURE.md section 5): an account's
 * deletion (issue 29) takes the person's name out of the referral credits their referrer
 * holds ("Referral bonus: ada", "Referral commission: ada", written by modules/referrals):
 * the referrer keeps every Byte, and the rows keep their amount, key, owner and time; only
 * the name after the colon becomes the account's tombstone name.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { pointTransactions } from '../../db/tables/ledger-tables.ts';
import { speedtests } from '../../db/tables/speedtests-tables.ts';

/**
 * Renames the referee in the referral bonus they paid (`refbonus:<referee>`) and in the
 * commissions on their tests (`commission:<test>`), whatever name they had when each was paid.
 */
export async function renameRefereeInCredits(
  tx: Transaction,
  refereeId: number,
  name: string,
): Promise<void> {
  const commissionKeys = tx
    .select({ key: sql<string>`'commission:' || ${speedtests.id}::text` })
    .from(speedtests)
    .where(eq(speedtests.userId, refereeId));
  await tx
    .update(pointTransactions)
    .set({ details: sql`split_part(${pointTransactions.details}, ': ', 1) || ': ' || ${name}` })
    .where(
      or(
        eq(pointTransactions.idempotencyKey, `refbonus:${refereeId}`),
        inArray(pointTransactions.idempotencyKey, commissionKeys),
      ),
    );
}
