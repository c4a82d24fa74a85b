/**
 * The user's position for the Location boost. A service worker has no
 * navigator.geolocation, so an offscreen document (reason GEOLOCATION) asks
 * for it; it is created for the request and closed after it.
 */
import type { LocateReply, LocateRequest } from '../lib/popup-protocol.ts';

const OFFSCREEN_URL = 'offscreen.html';

export interface Position {
  latitude: number;
  longitude: number;
}

/** Two decimals (about 1 km): enough for the boost, and no more of the user's whereabouts. */
function coarse(value: number): number {
  return Math.round(value * 100) / 100;
}

async function hasOffscreenDocument(): Promise<boolean> {
  const contexts = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [chrome.runtime.getURL(OFFSCREEN_URL)],
  });
  return contexts.length > 0;
}

/**
 * Asks the browser for the position; null when it gives none (no permission,
 * no location service, a time-out), so the test completes without it.
 */
export async function currentPosition(): Promise<Position | null> {
  const existed = await hasOffscreenDocument();
  try {
    if (!existed) {
      await chrome.offscreen.createDocument({
        url: OFFSCREEN_URL,
        reasons: [chrome.offscreen.Reason.GEOLOCATION],
        justification: 'Shares your location for the Location boost, as you allowed in the popup.',
      });
    }
    const request: LocateRequest = { target: 'offscreen', type: 'locate' };
    const reply = (await chrome.runtime.sendMessage(request)) as LocateReply | undefined;
    if (!reply?.ok) {
      console.warn('No location for this test:', reply?.error ?? 'no answer');
      return null;
    }
    return { latitude: coarse(reply.latitude), longitude: coarse(reply.longitude) };
  } catch (error) {
    console.warn('No location for this test:', error);
    return null;
  } finally {
    if (!existed) await chrome.offscreen.closeDocument().catch(() => undefined);
  }
}
