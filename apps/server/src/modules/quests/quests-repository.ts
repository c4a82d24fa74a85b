/**
 * The linked social accounts and the logins under way. Where the user stands in
 * each quest is the quest-progress module's (docs/decisions/016).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { QuestPlatform } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import { oauthRequests, socialAccounts } from '../../db/tables/quests-tables.ts';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export async function findSocialAccount(
  db: Queryable,
  userId: number,
  platform: Exclude<QuestPlatform, 'youtube'>,
): Promise<SocialAccountRow | undefined> {
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
  return account;
}

/**
 * Links the account to the user, replacing the user's earlier account of that
 * platform. An account another user linked is a unique violation the caller maps.
 */
export async function upsertSocialAccount(
  tx: Transaction,
  account: Omit<typeof socialAccounts.$inferInsert, 'id'>,
): Promise<void> {
  await tx
    .insert(socialAccounts)
    .values(account)
    .onConflictDoUpdate({
      target: [socialAccounts.userId, socialAccounts.platform],
      set: {
        accountId: account.accountId,
        username: account.username,
        sealedTokens: account.sealedTokens,
        linkedAt: account.linkedAt,
      },
    });
}

export async function saveOAuthRequest(
  db: Queryable,
  request: typeof oauthRequests.$inferInsert,
  now: Date,
): Promise<void> {
  // Abandoned logins are cleared as new ones start, so the table stays small.
  await db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, now));
  await db.insert(oauthRequests).values(request);
}

/** Takes the login's request (once): the sealed secret, or null when unknown or expired. */
export async function takeOAuthRequest(
  db: Queryable,
  token: string,
  now: Date,
): Promise<string | null> {
  const [request] = await db
    .delete(oauthRequests)
    .where(eq(oauthRequests.token, token))
    .returning();
  if (!request || request.expiresAt < now) return null;
  return request.sealedSecret;
}

/**
 * An account's deletion (issue 29): its linked social accounts go, with their sealed tokens,
 * and each platform account may be linked to another account again. (The logins under way,
 * oauth_requests, name no account: they expire by themselves.)
 */
export async function deleteSocialAccountsOfUser(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
}
