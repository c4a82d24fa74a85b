/**
 * The messages between the popup and the background worker (inside the
 * extension; the web app's protocol is in packages/shared). The offscreen
 * document hears them too, so each names its target.
 */
import type { CompletedSpeedtest, GaugeDirection } from '@netpulse/shared';

export type BackgroundRequest =
  | { target: 'background'; type: 'status' }
  | { target: 'background'; type: 'run-now' }
  | { target: 'background'; type: 'set-share-location'; share: boolean }
  /** "Add this browser again" after the node was removed: a new node id; answers the status. */
  | { target: 'background'; type: 'add-again' }
  /** "Try again" after registering was refused or failed; answers the status. */
  | { target: 'background'; type: 'retry-registration' };

/** Why the extension has no node session. */
export type SignedOutReason =
  /** Nobody signed it in (or the dashboard logged out, or the session was refused). */
  | 'signed-out'
  /** The server answered that this node was removed from the account. */
  | 'removed'
  /** Registering was refused (the node limit) or failed; `problem` says why. */
  | 'not-registered';

export type PopupStatus =
  | {
      signedIn: false;
      reason: SignedOutReason;
      /** The server's words for a refused registration, as they are; null otherwise. */
      problem: string | null;
      loginUrl: string;
      nodesUrl: string;
    }
  | {
      signedIn: true;
      /** The node's name as the server answered it. */
      nodeName: string | null;
      username: string | null;
      totalPoints: number | null;
      creditedToday: number | null;
      dailyLimit: number | null;
      /** The earliest time the server opens another test (ISO); null when it could not be asked. */
      nextOpenAt: string | null;
      /** The next planned or retried test, ISO; null when none is planned today. */
      nextTestAt: string | null;
      running: boolean;
      shareLocation: boolean;
      lastResult: CompletedSpeedtest | null;
      lastError: string | null;
      /** Set when the server could not be asked (offline): the rest may be stale. */
      problem: string | null;
      dashboardUrl: string;
    };

export type RunNowReply = { ok: true; result: CompletedSpeedtest } | { ok: false; error: string };

export function isBackgroundRequest(message: unknown): message is BackgroundRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === 'background'
  );
}

/**
 * The worker tells an open popup the live speed of the test it runs, about every
 * 250 ms (no answer expected; with no popup open nobody hears it).
 */
export interface SpeedProgress {
  target: 'popup';
  type: 'progress';
  direction: GaugeDirection;
  mbps: number;
}

export function isSpeedProgress(message: unknown): message is SpeedProgress {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === 'popup' &&
    (message as { type?: unknown }).type === 'progress'
  );
}

/** Popup and worker ask the offscreen document for one position. */
export interface LocateRequest {
  target: 'offscreen';
  type: 'locate';
}

export type LocateReply =
  { ok: true; latitude: number; longitude: number } | { ok: false; error: string };

export function isLocateRequest(message: unknown): message is LocateRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === 'offscreen' &&
    (message as { type?: unknown }).type === 'locate'
  );
}
