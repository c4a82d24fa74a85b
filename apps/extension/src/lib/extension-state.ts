/**
 * What the extension keeps in chrome.storage.local: the node's identity and
 * session (docs/ARCHITECTURE.md section 8, Nodes), what the dashboard handed over
 * (packages/shared extension-messages), and the extension's own state. Signing
 * out clears the user's state; the node id, whether it was removed and the
 * location choice stay with the installation.
 */
import type { CompletedSpeedtest } from '@netpulse/shared';

export interface DayPlan {
  /** The UTC day (YYYY-MM-DD) the times belong to. */
  day: string;
  /** Test times still to come, ms since the epoch, ascending. */
  times: number[];
}

export interface PendingRetry {
  /** When the retry runs, ms since the epoch. */
  at: number;
  /** How many tries the current test has had. */
  attempt: number;
}

/** A notice shown with chrome.notifications: its id, and the web app's page it opens. */
export interface ShownNotice {
  id: string;
  link: string;
}

export interface ExtensionState {
  /** This installation's node id (crypto.randomUUID), sent to our server only. Kept across sign-outs. */
  nodeId: string;
  /** The server answered that this node id was removed: it is never registered again. */
  nodeRemoved: boolean;
  /**
   * The access token of the node's own session: every call is made with it. (The
   * storage key is the protocol's `token` so "signed in" stays one key to read.)
   */
  token: string;
  /** The node session's refresh token; the server rotates it at every refresh. */
  refreshToken: string;
  /** The node's name as the server answered it (the person may rename it on the dashboard). */
  nodeName: string;
  /** The dashboard's latest access token: used only to register the node. */
  dashboardToken: string;
  /** Why registering was refused or failed (the server's message, e.g. the node limit). */
  registrationProblem: string;
  /** When the last heartbeat was sent (ms), so they go at most every NODE_HEARTBEAT_INTERVAL_MS. */
  lastHeartbeatAt: number;
  /** The dashboard's data entry, kept as it was handed over. */
  data: string;
  /** The user allowed sharing a location (for the Location boost). */
  shareLocation: boolean;
  plan: DayPlan;
  retry: PendingRetry;
  /** How often planning has failed in a row (offline at start-up), for its backoff. */
  planAttempt: number;
  lastResult: CompletedSpeedtest;
  /** Why the last test failed, in words for the popup. */
  lastError: string;
  /** A test is running since then (ms); a stale value is ignored after RUN_STALE_AFTER_MS. */
  runningSince: number;
  /** The notices shown as browser notifications, newest last (background/browser-notices.ts). */
  shownNotices: ShownNotice[];
}

export type StateKey = keyof ExtensionState;

/** The state that belongs to a signed-in user: removed at sign-out. */
export const SESSION_STATE_KEYS = [
  'token',
  'refreshToken',
  'nodeName',
  'dashboardToken',
  'registrationProblem',
  'lastHeartbeatAt',
  'data',
  'plan',
  'retry',
  'planAttempt',
  'lastResult',
  'lastError',
  'runningSince',
  'shownNotices',
] as const satisfies readonly StateKey[];

/** Longer than any test (two directions of at most 10 s, then completing): a worker that died mid-test. */
export const RUN_STALE_AFTER_MS = 3 * 60_000;

/** The slice of chrome.storage.local the extension uses, typed. */
export interface StateStore {
  get<K extends StateKey>(keys: readonly K[]): Promise<Partial<Pick<ExtensionState, K>>>;
  set(values: Partial<ExtensionState>): Promise<void>;
  remove(keys: readonly StateKey[]): Promise<void>;
}

/** The store over chrome.storage.local. */
export const chromeStateStore: StateStore = {
  get: async (keys) => (await chrome.storage.local.get([...keys])) as never,
  set: (values) => chrome.storage.local.set(values),
  remove: (keys) => chrome.storage.local.remove([...keys]),
};

/** True while a test runs (a value older than RUN_STALE_AFTER_MS is a dead worker's). */
export function isRunning(runningSince: number | undefined, now: number): boolean {
  return runningSince !== undefined && now - runningSince < RUN_STALE_AFTER_MS;
}
