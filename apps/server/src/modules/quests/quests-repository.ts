/**
 * The quest state kept on the user's row (the flags of spec section 3) and the
 * linked social accounts. Flags are named as the profile names them; the
 * columns carry the same names, so one mapping serves every quest.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { QuestPlatform, UserProfile } from '@netpulse/shared';
import type { Queryable, Transaction } from '../../db/client.ts';
import type { UserChanges } from '../ledger/credit-points.ts';
import { oauthRequests, socialAccounts, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;
type ProfileField = keyof UserProfile;

/** The users column of a profile field: `is_x_rt_vl` -> isXRtVl. */
export function columnOf(field: ProfileField): keyof UserRow {
  const key = field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  if (!(key in users)) throw new Error(`no users column for ${field}`);
  return key as keyof UserRow;
}

/** The user's row as it is now. */
export async function questStateOf(db: Queryable, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

export async function lockQuestState(tx: Transaction, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

/** Sets quest fields by their profile names. */
export async function setQuestFields(
  db: Queryable,
  userId: number,
  fields: Partial<Record<ProfileField, boolean | string | Date | null>>,
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [columnOf(field as ProfileField), value]),
  );
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * The user's row after a quest's reward: the quest marked claimed and counted
 * among the completed quests, written with the reward's credit.
 */
export function questClaimedChanges(claimedFlag: ProfileField): UserChanges {
  return { [columnOf(claimedFlag)]: true, questCompleted: sql`${users.questCompleted} + 1` };
}

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
