/**
 * What the extension does after a speed test fails, so that being offline,
 * signed out or refused never turns into a flood of requests. Pure: the
 * caller passes the time and the random source.
 */
import { POINTS_MESSAGES } from '@netpulse/shared';

export interface BackoffPolicy {
  /** The first retry waits about this long. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

export const RETRY_BACKOFF: BackoffPolicy = { baseMs: 60_000, maxMs: 60 * 60_000 };

/** A failing test (bad measurement, a refused completion) is tried this often, then its slot is given up. */
export const MAX_ATTEMPTS_PER_TEST = 3;

/**
 * The wait before retry number `attempt` (0 for the first): the step doubles
 * each time up to `maxMs`, and the wait is a random point in its upper half
 * ("equal jitter"): spread out, so many extensions do not retry together, yet
 * never close to zero.
 */
export function backoffDelayMs(
  attempt: number,
  random: () => number,
  policy: BackoffPolicy = RETRY_BACKOFF,
): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Why a test could not run or complete. */
export type TestFailure =
  /** No answer: offline, DNS, the server down, a WebSocket that broke. */
  | { kind: 'network'; message: string }
  /** No token, or the refresh was refused: the dashboard must sign the extension in again. */
  | { kind: 'signed-out'; message: string }
  /** The server answered with an error. */
  | { kind: 'http'; status: number; message: string; retryAfterMs?: number };

export type NextStep =
  /** Try the same test again at `at`. */
  | { action: 'retry'; at: number; attempt: number }
  /** Give up this slot of the plan; go on with the next. */
  | { action: 'skip-test' }
  /** The daily limit is used up: nothing more until the next UTC day. */
  | { action: 'skip-today' }
  /** Nothing until the dashboard hands over a token again. */
  | { action: 'wait-for-sign-in' };

/**
 * The next step after `failure` on the test's `attempt`-th try (0 for the
 * first). Network trouble, 5xx and 429s other than the daily limit wait with
 * backoff however often they happen (at most an hour apart); a 429 with a
 * Retry-After waits at least that long. Other refusals get a few tries.
 */
export function nextStepAfterFailure(
  failure: TestFailure,
  attempt: number,
  now: number,
  random: () => number,
): NextStep {
  const retry = (minimumMs = 0): NextStep => ({
    action: 'retry',
    at: now + Math.max(minimumMs, backoffDelayMs(attempt, random)),
    attempt: attempt + 1,
  });
  switch (failure.kind) {
    case 'signed-out':
      return { action: 'wait-for-sign-in' };
    case 'network':
      return retry();
    case 'http':
      if (failure.status === 401) return { action: 'wait-for-sign-in' };
      if (failure.status === 429) {
        if (failure.message === POINTS_MESSAGES.dailyLimitReached) return { action: 'skip-today' };
        return retry(failure.retryAfterMs);
      }
      if (failure.status >= 500) return retry();
      return attempt + 1 < MAX_ATTEMPTS_PER_TEST ? retry() : { action: 'skip-test' };
  }
}
