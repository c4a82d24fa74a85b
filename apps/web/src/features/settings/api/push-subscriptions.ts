import type { PushSubscriptionBody } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

const PUSH_PATH = '/api/push';

/** GET /push/public-key: the VAPID key this browser subscribes with (base64url). */
export async function getPushPublicKey(): Promise<string> {
  return readData(await apiClient.get<{ publicKey: string }>(`${PUSH_PATH}/public-key`)).publicKey;
}

/** POST /push/subscriptions: this browser's subscription, for the signed-in account. */
export async function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await apiClient.post(`${PUSH_PATH}/subscriptions`, subscription);
}

/** DELETE /push/subscriptions: forgets this browser's subscription. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiClient.request('DELETE', `${PUSH_PATH}/subscriptions`, { body: { endpoint } });
}
