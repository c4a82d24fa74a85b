/**
 * Sends a push to every browser an account subscribed (RFC 8030): web-push encrypts the
 * payload to each subscription's keys (RFC 8291, aes128gcm) and signs the VAPID header; the
 * request itself goes with fetch, so it has a timeout and follows no redirect. A push
 * service's 404 or 410 says the subscription is gone: it is forgotten. Any other failure
 * (5xx, 429, a network error) throws, so the caller's job is retried.
 */
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { reachesOnlyPublicAddresses } from '../../lib/public-address.ts';
import {
  deleteSubscriptionsById,
  markSubscriptionsReached,
  subscriptionsOf,
  type StoredSubscription,
} from './push-repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushContext {
  db: Database;
  clock: Clock;
  vapidKeys: VapidKeys;
  log: FastifyBaseLogger;
  /** Outside production only: endpoints on this machine or its network (the tests' stand-in). */
  allowLocalEndpoints: boolean;
}

/** How long a push may be kept by the push service for a browser that is offline: a day. */
const TIME_TO_LIVE_S = 24 * 3600;
/** A push service that has not answered by then is treated as failed (the job retries). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface PushOutcome {
  /** Subscriptions the push service took the message for. */
  sent: number;
  /** Subscriptions it said are gone, now forgotten. */
  removed: number;
}

/** The push service's answer that the subscription no longer exists. */
const GONE = new Set([404, 410]);

/**
 * Sends `payload` (JSON, under 3 KB) to each of the user's subscriptions. Throws after
 * trying them all when one failed other than by being gone; the ones reached were reached.
 */
export async function sendPushToUser(
  context: PushContext,
  userId: number,
  payload: string,
): Promise<PushOutcome> {
  const subscriptions = await subscriptionsOf(context.db, userId);
  const reached: number[] = [];
  const gone: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // Checked again at each send: a name that resolved to the internet at subscription may
      // point inside the network now. Such a subscription is forgotten like a gone one.
      if (
        !context.allowLocalEndpoints &&
        !(await reachesOnlyPublicAddresses(subscription.endpoint))
      ) {
        gone.push(subscription.id);
        return;
      }
      const status = await postPush(context.vapidKeys, subscription, payload).catch(
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (typeof status === 'string') failures.push(status);
      else if (status >= 200 && status < 300) reached.push(subscription.id);
      else if (GONE.has(status)) gone.push(subscription.id);
      else failures.push(`the push service answered ${status}`);
    }),
  );
  await deleteSubscriptionsById(context.db, gone);
  await markSubscriptionsReached(context.db, reached, context.clock.now());
  if (failures.length > 0) {
    // The endpoint is a capability address: the log names the account, not the address.
    context.log.warn({ userId, failures: failures.length }, 'a push could not be delivered');
    throw new Error(
      `push failed for ${failures.length} of ${subscriptions.length}: ${failures[0]}`,
    );
  }
  return { sent: reached.length, removed: gone.length };
}

/** One push request; answers the push service's status. */
async function postPush(
  vapidKeys: VapidKeys,
  subscription: StoredSubscription,
  payload: string,
): Promise<number> {
  const request = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    payload,
    {
      vapidDetails: vapidKeys,
      TTL: TIME_TO_LIVE_S,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ?? null,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // The push service's answer body says nothing we act on; read it so the socket is freed.
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
