/**
 * Network contribution: keeps the day's plan of speed tests in chrome.alarms,
 * runs each test when its alarm rings, and decides what follows a failure
 * (lib/retry-policy.ts). Planning follows the server's own count
 * (GET /v1/api/speedtests/quota), so tests run elsewhere, a Run test now, or a
 * browser closed through part of the day all end in a plan that fits.
 */
import {
  speedtestQuotaSchema,
  utcDayKey,
  type CompletedSpeedtest,
  type SpeedtestQuota,
} from '@netpulse/shared';
import { isRunning, SESSION_STATE_KEYS, type StateStore } from '../lib/extension-state.ts';
import { nextStepAfterFailure } from '../lib/retry-policy.ts';
import { newDayPlanningAt, reconcilePlan } from '../lib/scheduler.ts';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';
import { API_PATHS, ApiFailure, type ApiClient } from './api-client.ts';
import type { SpeedtestDeps } from './run-speedtest.ts';
import { runSpeedtest } from './run-speedtest.ts';

/** The alarms the worker sets; each one's handler is in `onAlarm`. */
export const ALARMS = {
  /** The next planned test, or the retry of a failed one. */
  test: 'speedtest',
  /** Plan the next UTC day. */
  newDay: 'new-day',
  /** Planning failed (offline): plan again. */
  replan: 'replan',
  /** The node's next heartbeat (heartbeat.ts). */
  heartbeat: 'heartbeat',
  /** Registering the node failed for a passing reason: try again (node-registration.ts). */
  register: 'register-node',
} as const;

export interface AlarmScheduler {
  create(name: string, info: { when: number }): Promise<void>;
  clear(name: string): Promise<boolean>;
}

export interface ContributionDeps extends Omit<SpeedtestDeps, 'locate' | 'api'> {
  api: ApiClient;
  store: StateStore;
  alarms: AlarmScheduler;
  locate: NonNullable<SpeedtestDeps['locate']>;
  now: () => number;
  random: () => number;
}

export type RunOutcome =
  { ok: true; result: CompletedSpeedtest } | { ok: false; failure: ApiFailure };

/** Failures that are not ApiFailure (a bug, a storage error) are retried like a network failure. */
function asApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  console.error('Speed test failed unexpectedly:', error);
  return new ApiFailure({ kind: 'network', message: englishText(WORKER_TEXTS.speedtestFailed) });
}

export function createContribution(deps: ContributionDeps) {
  /** The run in progress in this worker: Run test now and an alarm never overlap. */
  let currentRun: Promise<RunOutcome> | null = null;

  async function quota(): Promise<SpeedtestQuota> {
    return deps.api.call('GET', API_PATHS.quota, speedtestQuotaSchema);
  }

  async function clearAlarms(): Promise<void> {
    await Promise.all(Object.values(ALARMS).map((name) => deps.alarms.clear(name)));
  }

  /** Points the test alarm at the pending retry, else at the plan's next time. */
  async function armTestAlarm(): Promise<void> {
    const { plan, retry } = await deps.store.get(['plan', 'retry']);
    const next = retry?.at ?? plan?.times[0];
    if (next === undefined) await deps.alarms.clear(ALARMS.test);
    else await deps.alarms.create(ALARMS.test, { when: next });
  }

  /**
   * Brings today's plan in line with the server's count and sets the alarms.
   * Offline, it tries again later with backoff; signed out, it stops.
   */
  async function plan(attempt = 0): Promise<void> {
    const { token } = await deps.store.get(['token']);
    if (!token) return clearAlarms();
    const now = deps.now();
    let standing: SpeedtestQuota;
    try {
      standing = await quota();
    } catch (error) {
      const failure = asApiFailure(error).failure;
      const step = nextStepAfterFailure(failure, attempt, now, deps.random);
      if (step.action === 'wait-for-sign-in') return signOut();
      if (step.action === 'retry') {
        await deps.store.set({ planAttempt: step.attempt });
        await deps.alarms.create(ALARMS.replan, { when: step.at });
      }
      return;
    }
    const today = utcDayKey(new Date(now));
    const { plan: saved } = await deps.store.get(['plan']);
    const { times } = reconcilePlan(saved?.day === today ? saved.times : [], {
      now: new Date(now),
      dailyLimit: standing.dailyLimit,
      doneToday: standing.creditedToday,
      serverMinIntervalMs: standing.minIntervalSeconds * 1000,
      notBefore: new Date(standing.nextOpenAt),
      random: deps.random,
    });
    await deps.store.set({ plan: { day: today, times } });
    await deps.store.remove(['planAttempt']);
    await deps.alarms.clear(ALARMS.replan);
    await deps.alarms.create(ALARMS.newDay, { when: newDayPlanningAt(new Date(now), deps.random) });
    await armTestAlarm();
  }

  /** Forgets the user's state (the token is gone or refused) and every alarm. */
  async function signOut(): Promise<void> {
    await deps.store.remove(SESSION_STATE_KEYS);
    await clearAlarms();
  }

  /** Runs one test (unless one is running), recording its result or its failure for the popup. */
  async function runOnce(): Promise<RunOutcome> {
    if (currentRun) return currentRun;
    currentRun = (async (): Promise<RunOutcome> => {
      const { shareLocation } = await deps.store.get(['shareLocation']);
      await deps.store.set({ runningSince: deps.now() });
      try {
        const result = await runSpeedtest({
          api: deps.api,
          runDirection: deps.runDirection,
          locate: shareLocation ? deps.locate : null,
        });
        await deps.store.set({ lastResult: result });
        await deps.store.remove(['lastError']);
        return { ok: true, result };
      } catch (error) {
        const failure = asApiFailure(error);
        await deps.store.set({ lastError: failure.message });
        return { ok: false, failure };
      } finally {
        await deps.store.remove(['runningSince']);
      }
    })().finally(() => {
      currentRun = null;
    });
    return currentRun;
  }

  /** Drops the plan's first time once it has come (its test ran or was given up). */
  async function dropDueTime(): Promise<void> {
    const { plan: saved } = await deps.store.get(['plan']);
    if (!saved) return;
    const now = deps.now();
    const times = saved.times.filter((time, index) => index > 0 || time > now);
    await deps.store.set({ plan: { ...saved, times } });
  }

  /** The test alarm rang: run, then follow the plan or the retry policy. */
  async function onTestAlarm(): Promise<void> {
    const { token, retry, runningSince } = await deps.store.get(['token', 'retry', 'runningSince']);
    if (!token || isRunning(runningSince, deps.now())) return;
    const outcome = await runOnce();
    if (outcome.ok) {
      await deps.store.remove(['retry']);
      await dropDueTime();
      return plan();
    }
    const step = nextStepAfterFailure(
      outcome.failure.failure,
      retry?.attempt ?? 0,
      deps.now(),
      deps.random,
    );
    switch (step.action) {
      case 'wait-for-sign-in':
        return signOut();
      case 'retry':
        await deps.store.set({ retry: { at: step.at, attempt: step.attempt } });
        return armTestAlarm();
      case 'skip-test':
        await deps.store.remove(['retry']);
        await dropDueTime();
        return armTestAlarm();
      case 'skip-today': {
        await deps.store.remove(['retry']);
        await deps.store.set({ plan: { day: utcDayKey(new Date(deps.now())), times: [] } });
        return armTestAlarm();
      }
    }
  }

  return {
    plan,
    signOut,

    /** chrome.alarms.onAlarm. */
    async onAlarm(name: string): Promise<void> {
      if (name === ALARMS.test) return onTestAlarm();
      if (name === ALARMS.newDay) return plan();
      if (name === ALARMS.replan) {
        const { planAttempt } = await deps.store.get(['planAttempt']);
        return plan(planAttempt ?? 0);
      }
    },

    /**
     * Run test now from the popup: one test at once, within the server's
     * limits (its refusal is shown as it is). Afterwards the plan is trimmed to
     * what is left of the day.
     */
    async runNow(): Promise<RunOutcome> {
      const { runningSince } = await deps.store.get(['runningSince']);
      if (isRunning(runningSince, deps.now()) && !currentRun) {
        return {
          ok: false,
          failure: new ApiFailure({
            kind: 'http',
            status: 409,
            message: 'A speed test is already running.',
          }),
        };
      }
      const outcome = await runOnce();
      if (!outcome.ok && outcome.failure.failure.kind === 'signed-out') await signOut();
      else await plan().catch((error: unknown) => console.error('Planning failed:', error));
      return outcome;
    },

    quota,
  };
}

export type Contribution = ReturnType<typeof createContribution>;
