/**
 * A browser turning push on or off for the signed-in account. A subscription's keys are
 * checked here, so a bad one is refused when it is sent rather than failing every push.
 * An account keeps at most MAX_SUBSCRIPTIONS browsers: a new one drops the oldest, as a
 * person who reinstalls browsers never cleans up after them.
 */
import type { PushSubscriptionBody } from '@netpulse/shared';
import { PUSH_MESSAGES } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reachesOnlyPublicAddresses } from '../../lib/public-address.ts';
import { browserNameOf } from '../../lib/browser-name.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  deleteSubscriptionOf,
  deleteSubscriptionsBut,
  subscriptionsOf,
  upsertSubscription,
} from './push-repository.ts';

/** The most browsers one account has push on in; a new one past it drops the oldest. */
export const MAX_SUBSCRIPTIONS = 10;

/** An uncompressed P-256 point is 65 bytes, starting 0x04 (RFC 8291 section 3.1). */
const P256_PUBLIC_KEY_BYTES = 65;
/** The auth secret is 16 bytes (RFC 8291 section 3.2). */
const AUTH_SECRET_BYTES = 16;

const base64urlBytes = (text: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : Buffer.alloc(0);

export interface SubscriptionRules {
  /**
   * Plain http endpoints, and endpoints on this machine or its network, are let through
   * only outside production (the tests' stand-in listens on loopback).
   */
  allowLocalEndpoints: boolean;
}

async function checkSubscription(
  body: PushSubscriptionBody,
  rules: SubscriptionRules,
): Promise<void> {
  if (!rules.allowLocalEndpoints && !body.endpoint.startsWith('https://')) {
    throw badRequest(PUSH_MESSAGES.endpointNotHttps, {
      endpoint: [PUSH_MESSAGES.endpointNotHttps],
    });
  }
  if (!rules.allowLocalEndpoints && !(await reachesOnlyPublicAddresses(body.endpoint))) {
    throw badRequest(PUSH_MESSAGES.endpointNotPublic, {
      endpoint: [PUSH_MESSAGES.endpointNotPublic],
    });
  }
  const publicKey = base64urlBytes(body.keys.p256dh);
  const authSecret = base64urlBytes(body.keys.auth);
  if (
    publicKey.length !== P256_PUBLIC_KEY_BYTES ||
    publicKey[0] !== 0x04 ||
    authSecret.length !== AUTH_SECRET_BYTES
  ) {
    throw badRequest(PUSH_MESSAGES.keysInvalid, { keys: [PUSH_MESSAGES.keysInvalid] });
  }
}

/** Stores this browser's subscription for `userId` (moving it from another account). */
export async function subscribe(
  db: Database,
  userId: number,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  rules: SubscriptionRules,
): Promise<void> {
  await checkSubscription(body, rules);
  await inTransaction(db, async (tx) => {
    await upsertSubscription(tx, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      browser: browserNameOf(userAgent),
    });
    const all = await subscriptionsOf(tx, userId);
    if (all.length > MAX_SUBSCRIPTIONS) {
      const kept = all.slice(-MAX_SUBSCRIPTIONS).map((subscription) => subscription.id);
      await deleteSubscriptionsBut(tx, userId, kept);
    }
  });
}

/** Forgets this browser's subscription; 404 when the caller's account has none at `endpoint`. */
export async function unsubscribe(db: Database, userId: number, endpoint: string): Promise<void> {
  if (!(await deleteSubscriptionOf(db, userId, endpoint))) {
    throw notFound(PUSH_MESSAGES.notSubscribed);
  }
}
