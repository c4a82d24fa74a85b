/**
 * The offscreen document: answers the worker's request for one position with
 * navigator.geolocation, which a service worker does not have.
 */
import { isLocateRequest, type LocateReply } from '../lib/popup-protocol.ts';

/** A position up to 10 minutes old will do; wait at most 15 s for a new one. */
const POSITION_OPTIONS: PositionOptions = { maximumAge: 10 * 60_000, timeout: 15_000 };

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if (!isLocateRequest(message)) return false;
  navigator.geolocation.getCurrentPosition(
    (position) =>
      sendResponse({
        ok: true,
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
      } satisfies LocateReply),
    (error) => sendResponse({ ok: false, error: error.message } satisfies LocateReply),
    POSITION_OPTIONS,
  );
  return true;
});
