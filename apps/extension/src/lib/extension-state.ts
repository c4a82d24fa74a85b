/**
 * What the extension keeps in chrome.storage.local. `token` and `data` are the
 * two keys of the web app's protocol (packages/shared extension-messages); the
 * rest is the extension's own state, cleared at sign-out except the user's
 * location choice.
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

export interface ExtensionState {
  /** The access token the dashboard handed over. */
  token: string;
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
}

export type StateKey = keyof ExtensionState;

/** The state that belongs to a signed-in user: removed at sign-out. */
export const SESSION_STATE_KEYS = [
  'token',
  'data',
  'plan',
  'retry',
  'planAttempt',
  'lastResult',
  'lastError',
  'runningSince',
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
