/** The push module's SQL: the browsers subscribed to an account's pushes. */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/tables/push-tables.ts';

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  browser: string;
}

/**
 * Writes the subscription for its user: an endpoint already stored, whoever's it was, is
 * the same browser subscribing again (with new keys, or after signing in to another
 * account), so it moves to this user with these keys.
 */
export async function upsertSubscription(db: Queryable, subscription: NewSubscription) {
  const { userId, p256dh, auth, browser } = subscription;
  await db.insert(pushSubscriptions).values(subscription).onConflictDoUpdate({
    target: pushSubscriptions.endpoint,
    set: { userId, p256dh, auth, browser },
  });
}

/** The user's subscriptions, oldest first. */
export async function subscriptionsOf(db: Queryable, userId: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Deletes the user's subscriptions but those of `keptIds`. */
export async function deleteSubscriptionsBut(
  db: Queryable,
  userId: number,
  keptIds: readonly number[],
) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, [...keptIds])),
    );
}

/** Deletes the user's subscription at `endpoint`; answers whether there was one. */
export async function deleteSubscriptionOf(
  db: Queryable,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Forgets subscriptions the push service said are gone (404, 410). */
export async function deleteSubscriptionsById(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

export async function markSubscriptionsReached(db: Queryable, ids: readonly number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at })
    .where(inArray(pushSubscriptions.id, [...ids]));
}

/** An account's deletion erases its browsers' subscriptions. */
export async function deletePushSubscriptionsOfUser(db: Queryable, userId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
