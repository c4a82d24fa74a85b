import { describe, expect, it, vi } from 'vitest';
import { POINTS_MESSAGES, type CompletedSpeedtest, type SpeedtestQuota } from '@netpulse/shared';
import type { ExtensionState } from '../lib/extension-state.ts';
import { memoryStore } from '../../testing/memory-store.ts';
import { API_PATHS, ApiFailure, type ApiClient } from './api-client.ts';
import { ALARMS, createContribution } from './contribution.ts';

const NOW = Date.UTC(2026, 2, 10, 6);
const RESULT: CompletedSpeedtest = {
  id: '00000000-0000-4000-8000-000000000001',
  created_at: new Date(NOW).toISOString(),
  is_ip_slashing: false,
  is_location_slashing: false,
  ip_address: '127.0.0.1',
  points: 200,
  additional_boost: null,
  download_mbps: 90,
  upload_mbps: 20,
  latency_ms: 12,
  node_name: 'Chrome on Linux',
};

/** A fake server for the calls the worker makes; `refuse` makes one path fail. */
function setup(
  options: {
    state?: Partial<ExtensionState>;
    quota?: Partial<SpeedtestQuota>;
    refuse?: { path: string; failure: ApiFailure };
  } = {},
) {
  const store = memoryStore({ token: 'jwt', ...options.state });
  const alarms = new Map<string, number>();
  let credited = options.quota?.creditedToday ?? 0;
  const posted: { path: string; body: unknown }[] = [];
  const api: ApiClient = {
    call: vi.fn(async (_method, path, _schema, body) => {
      posted.push({ path, body });
      const refused = options.refuse;
      if (refused && refused.path === path) throw refused.failure;
      if (path === API_PATHS.quota) {
        return {
          dailyLimit: 4,
          minIntervalSeconds: 600,
          nextOpenAt: new Date(NOW).toISOString(),
          resetsAt: new Date(Date.UTC(2026, 2, 11)).toISOString(),
          ...options.quota,
          creditedToday: credited,
        };
      }
      if (path === API_PATHS.speedtests) {
        return { testId: RESULT.id, downloadUrl: 'ws://d', uploadUrl: 'ws://u', expiresAt: '' };
      }
      if (path === API_PATHS.points) {
        credited += 1;
        return RESULT;
      }
      throw new Error(`unexpected ${path}`);
    }) as ApiClient['call'],
  };
  const contribution = createContribution({
    api,
    store,
    alarms: {
      create: async (name, { when }) => void alarms.set(name, when),
      clear: async (name) => alarms.delete(name),
    },
    runDirection: vi.fn(async () => 1000),
    locate: vi.fn(async () => ({ latitude: 52.52, longitude: 13.4 })),
    now: () => NOW,
    random: () => 0.5,
  });
  return { store, alarms, posted, contribution };
}

describe('contribution', () => {
  it('plans the day from the server count and points the alarm at the first test', async () => {
    const { store, alarms, contribution } = setup({ quota: { creditedToday: 1 } });
    await contribution.plan();
    const plan = store.values.plan;
    expect(plan?.day).toBe('2026-03-10');
    expect(plan?.times).toHaveLength(3);
    expect(alarms.get(ALARMS.test)).toBe(plan?.times[0]);
    expect(alarms.get(ALARMS.newDay)).toBeGreaterThan(Date.UTC(2026, 2, 11));
  });

  it('signed out, it plans nothing and clears its alarms', async () => {
    const { alarms, contribution, posted } = setup({ state: { token: undefined } });
    alarms.set(ALARMS.test, NOW);
    await contribution.plan();
    expect(alarms.size).toBe(0);
    expect(posted).toEqual([]);
  });

  it('a planned test runs, its result is kept, and the plan moves on', async () => {
    const later = [NOW + 3_600_000, NOW + 7_200_000];
    const { store, alarms, contribution } = setup({
      quota: { dailyLimit: 3 },
      state: { plan: { day: '2026-03-10', times: [NOW - 1, ...later] } },
    });
    await contribution.onAlarm(ALARMS.test);
    expect(store.values.lastResult).toEqual(RESULT);
    expect(store.values.plan?.times).toEqual(later);
    expect(alarms.get(ALARMS.test)).toBe(later[0]);
    expect(store.values.runningSince).toBeUndefined();
  });

  it('offline: the test is retried later with backoff, not at once', async () => {
    const failure = new ApiFailure({ kind: 'network', message: 'offline' });
    const { store, alarms, contribution } = setup({
      state: { plan: { day: '2026-03-10', times: [NOW - 1, NOW + 3_600_000] } },
      refuse: { path: API_PATHS.speedtests, failure },
    });
    await contribution.onAlarm(ALARMS.test);
    expect(store.values.retry).toEqual({ at: NOW + 45_000, attempt: 1 });
    expect(alarms.get(ALARMS.test)).toBe(NOW + 45_000);
    expect(store.values.lastError).toBe('offline');
  });

  it('the daily limit ends the day instead of retrying', async () => {
    const failure = new ApiFailure({
      kind: 'http',
      status: 429,
      message: POINTS_MESSAGES.dailyLimitReached,
    });
    const { store, alarms, contribution } = setup({
      state: { plan: { day: '2026-03-10', times: [NOW - 1, NOW + 3_600_000] } },
      refuse: { path: API_PATHS.speedtests, failure },
    });
    await contribution.onAlarm(ALARMS.test);
    expect(store.values.plan).toEqual({ day: '2026-03-10', times: [] });
    expect(store.values.retry).toBeUndefined();
    expect(alarms.has(ALARMS.test)).toBe(false);
  });

  it('a refused refresh signs the extension out and stops', async () => {
    const failure = new ApiFailure({ kind: 'signed-out', message: 'expired' });
    const { store, alarms, contribution } = setup({
      state: { plan: { day: '2026-03-10', times: [NOW - 1] }, shareLocation: true },
      refuse: { path: API_PATHS.speedtests, failure },
    });
    await contribution.onAlarm(ALARMS.test);
    expect(store.values).toEqual({ shareLocation: true });
    expect(alarms.size).toBe(0);
  });

  it('Run test now shares the location only when allowed, then trims the plan', async () => {
    const allowed = setup({ state: { shareLocation: true } });
    await allowed.contribution.plan();
    const outcome = await allowed.contribution.runNow();
    expect(outcome).toEqual({ ok: true, result: RESULT });
    expect(allowed.posted.find((call) => call.path === API_PATHS.points)?.body).toEqual({
      testId: RESULT.id,
      latitude: 52.52,
      longitude: 13.4,
    });
    expect(allowed.store.values.plan?.times).toHaveLength(3);

    const notAllowed = setup();
    await notAllowed.contribution.runNow();
    expect(notAllowed.posted.find((call) => call.path === API_PATHS.points)?.body).toEqual({
      testId: RESULT.id,
    });
  });

  it('offline when planning: plans again later with backoff', async () => {
    const failure = new ApiFailure({ kind: 'network', message: 'offline' });
    const { store, alarms, contribution } = setup({ refuse: { path: API_PATHS.quota, failure } });
    await contribution.plan();
    expect(store.values.planAttempt).toBe(1);
    expect(alarms.get(ALARMS.replan)).toBe(NOW + 45_000);
  });
});
