import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POINTS_MESSAGES } from '@netpulse/shared';
import {
  backoffDelayMs,
  MAX_ATTEMPTS_PER_TEST,
  nextStepAfterFailure,
  RETRY_BACKOFF,
  type TestFailure,
} from './retry-policy.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 2, 10, 12);
const middle = () => 0.5;

describe('backoffDelayMs', () => {
  it('doubles from about a minute and stops growing at an hour', () => {
    const lowest = (attempt: number) => backoffDelayMs(attempt, () => 0);
    const highest = (attempt: number) => backoffDelayMs(attempt, () => 1);
    expect([0, 1, 2, 3].map(lowest)).toEqual([0.5, 1, 2, 4].map((m) => m * MINUTE));
    expect([0, 1, 2, 3].map(highest)).toEqual([1, 2, 4, 8].map((m) => m * MINUTE));
    expect(highest(6)).toBe(60 * MINUTE);
    expect(highest(50)).toBe(60 * MINUTE);
    expect(lowest(50)).toBe(30 * MINUTE);
  });

  it('is jittered: different random draws give different waits', () => {
    expect(backoffDelayMs(2, () => 0.1)).not.toBe(backoffDelayMs(2, () => 0.9));
  });

  it('always waits between half the step and the step, never past the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, draw) => {
          const step = Math.min(RETRY_BACKOFF.maxMs, RETRY_BACKOFF.baseMs * 2 ** attempt);
          const delay = backoffDelayMs(attempt, () => draw);
          expect(delay).toBeGreaterThanOrEqual(step / 2);
          expect(delay).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});

describe('nextStepAfterFailure', () => {
  const http = (status: number, message = 'x', retryAfterMs?: number): TestFailure => ({
    kind: 'http',
    status,
    message,
    retryAfterMs,
  });

  it('offline or a 5xx: retries later with backoff, however often', () => {
    for (const failure of [{ kind: 'network', message: 'Failed to fetch' } as const, http(503)]) {
      expect(nextStepAfterFailure(failure, 0, NOW, middle)).toEqual({
        action: 'retry',
        at: NOW + 0.75 * MINUTE,
        attempt: 1,
      });
      expect(nextStepAfterFailure(failure, 20, NOW, middle)).toEqual({
        action: 'retry',
        at: NOW + 45 * MINUTE,
        attempt: 21,
      });
    }
  });

  it('signed out: waits for the dashboard to hand over a token', () => {
    expect(nextStepAfterFailure({ kind: 'signed-out', message: '' }, 0, NOW, middle)).toEqual({
      action: 'wait-for-sign-in',
    });
    expect(nextStepAfterFailure(http(401), 0, NOW, middle)).toEqual({ action: 'wait-for-sign-in' });
  });

  it('the daily limit: stops for the day instead of retrying', () => {
    expect(
      nextStepAfterFailure(http(429, POINTS_MESSAGES.dailyLimitReached), 0, NOW, middle),
    ).toEqual({
      action: 'skip-today',
    });
  });

  it('too soon or rate limited: waits with backoff, at least as long as Retry-After says', () => {
    expect(nextStepAfterFailure(http(429, POINTS_MESSAGES.tooSoon), 0, NOW, middle)).toMatchObject({
      action: 'retry',
      at: NOW + 0.75 * MINUTE,
    });
    expect(
      nextStepAfterFailure(http(429, 'Too many requests', 10 * MINUTE), 0, NOW, middle),
    ).toMatchObject({
      action: 'retry',
      at: NOW + 10 * MINUTE,
    });
  });

  it('another refusal: a few tries, then the slot is given up', () => {
    const refused = http(409, POINTS_MESSAGES.speedtestNotMeasured);
    for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_TEST - 1; attempt++) {
      expect(nextStepAfterFailure(refused, attempt, NOW, middle).action).toBe('retry');
    }
    expect(nextStepAfterFailure(refused, MAX_ATTEMPTS_PER_TEST - 1, NOW, middle)).toEqual({
      action: 'skip-test',
    });
  });

  it('never retries sooner than 30 s after a failure', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant<TestFailure>({ kind: 'network', message: '' }),
          fc.integer({ min: 400, max: 599 }).map((status) => http(status)),
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failure, attempt, draw) => {
          const step = nextStepAfterFailure(failure, attempt, NOW, () => draw);
          if (step.action === 'retry') expect(step.at - NOW).toBeGreaterThanOrEqual(30_000);
        },
      ),
    );
  });
});
