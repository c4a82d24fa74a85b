/**
 * A stand-in for browser-push.ts in the screens' tests (happy-dom has no push): the browser's
 * availability, the person's answer to the permission prompt and the subscription are what
 * the test sets in `fakeBrowser`. Test-only: `vi.mock(browser-push, () => import(this))`.
 */
import type { PushSubscriptionBody } from '@netpulse/shared';
import { vi } from 'vitest';
import type { PushAvailability } from './browser-push';

export const FAKE_SUBSCRIPTION: PushSubscriptionBody = {
  endpoint: 'https://push.example/subscription/1',
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
};

interface FakeBrowser {
  availability: PushAvailability;
  /** What the person answers the browser's prompt. */
  answer: NotificationPermission;
  subscription: PushSubscriptionBody | null;
  reset(changes?: Partial<Omit<FakeBrowser, 'reset'>>): void;
}

export const fakeBrowser: FakeBrowser = {
  availability: 'available',
  answer: 'granted',
  subscription: null,
  reset(changes = {}) {
    Object.assign(fakeBrowser, {
      availability: 'available',
      answer: 'granted',
      subscription: null,
    });
    Object.assign(fakeBrowser, changes);
  },
};

export const SERVICE_WORKER_URL = '/sw.js';
export const pushAvailability = () => fakeBrowser.availability;
export const askPushPermission = vi.fn(async () => fakeBrowser.answer);
export const currentSubscription = vi.fn(async () => fakeBrowser.subscription);
export const subscribeBrowser = vi.fn(async (_publicKey: string) => {
  fakeBrowser.subscription = FAKE_SUBSCRIPTION;
  return FAKE_SUBSCRIPTION;
});
export const unsubscribeBrowser = vi.fn(async () => {
  const endpoint = fakeBrowser.subscription?.endpoint ?? null;
  fakeBrowser.subscription = null;
  return endpoint;
});
