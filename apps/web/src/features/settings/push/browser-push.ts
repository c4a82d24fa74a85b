/**
 * This browser's side of Web Push (issue 30): whether it can take pushes, the person's
 * permission, and its subscription through the app's service worker (public/sw.js, which
 * shows each push). The only file that touches the browser's push APIs, so the screens'
 * tests replace it.
 */
import type { PushSubscriptionBody } from '@netpulse/shared';

/** The service worker that shows the pushes; at the root, so it serves the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** What the browser allows: no push at all, push refused by the person, or push to ask for. */
export type PushAvailability = 'unsupported' | 'denied' | 'available';

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** Asks the person to allow notifications (the browser's own prompt), unless they chose already. */
export async function askPushPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
}

/** The browser's subscription as the server takes it, or null when it has none. */
export async function currentSubscription(): Promise<PushSubscriptionBody | null> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription ? bodyOf(subscription) : null;
}

/** Registers the service worker and subscribes with the server's VAPID public key. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const ready = await navigator.serviceWorker.ready;
  const subscription = await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlBytes(publicKey),
  });
  return bodyOf(subscription);
}

/** Ends the browser's subscription; answers the endpoint it had, for the server to forget. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
