/**
 * Push in this browser, as the settings show it: what the browser allows, whether it is
 * subscribed for the signed-in account, and turning it on (permission, subscription, POST)
 * or off (unsubscribe, DELETE).
 */
import { useCallback, useEffect, useState } from 'react';
import {
  deletePushSubscription,
  getPushPublicKey,
  savePushSubscription,
} from '@/features/settings/api/push-subscriptions';
import {
  askPushPermission,
  currentSubscription,
  pushAvailability,
  subscribeBrowser,
  unsubscribeBrowser,
} from './browser-push';

/** `checking` until the browser's subscription is read. */
export type BrowserPushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export interface BrowserPush {
  state: BrowserPushState;
  busy: boolean;
  turnOn(): Promise<void>;
  turnOff(): Promise<void>;
}

export function useBrowserPush(onFailure: (error: unknown) => void): BrowserPush {
  // What the browser allows is known at once; its subscription is read in the effect below.
  const [state, setState] = useState<BrowserPushState>(() => {
    const availability = pushAvailability();
    return availability === 'available' ? 'checking' : availability;
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    if (pushAvailability() !== 'available') return;
    currentSubscription()
      .then(async (subscription) => {
        if (!current) return;
        setState(subscription ? 'on' : 'off');
        // The browser may have been subscribed while another account was signed in: the
        // server moves it to this one (an upsert by endpoint). Quietly: the browser's state
        // stands, and the next visit tries again.
        if (subscription) await savePushSubscription(subscription).catch(() => undefined);
      })
      .catch(() => {
        if (current) setState('off');
      });
    return () => {
      current = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await askPushPermission();
      if (permission !== 'granted') {
        // Dismissed, the prompt may be asked again; refused, only the browser's settings undo it.
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const subscription = await subscribeBrowser(await getPushPublicKey());
      await savePushSubscription(subscription);
      setState('on');
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  }, [onFailure]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeBrowser();
      // The browser's subscription is over whatever the server says: one it still keeps is
      // forgotten at the next push, which the push service answers 410.
      if (endpoint) await deletePushSubscription(endpoint).catch(() => undefined);
      setState('off');
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  }, [onFailure]);

  return { state, busy, turnOn, turnOff };
}
