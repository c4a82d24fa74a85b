import { describe, expect, it, vi } from 'vitest';
import { NODE_HEARTBEAT_INTERVAL_MS } from '@netpulse/shared';
import { HARNESS_VERSION, workerHarness } from '../../testing/worker-harness.ts';
import { API_PATHS } from './api-client.ts';
import { ALARMS } from './contribution.ts';

const NODE_ID = '00000000-0000-4000-8000-000000000001';

/** A worker registered as a node, its first heartbeat sent. */
async function registered() {
  const harness = workerHarness();
  await harness.worker.registration.tokenHandedOver('dashboard-1');
  return harness;
}

describe('the heartbeat', () => {
  it('is sent once registered, with the version and the next planned test', async () => {
    const { server, store, alarms, now } = await registered();
    const next = store.values.plan?.times[0];
    expect(next).toBeDefined();
    expect(server.heartbeats).toEqual([
      { version: HARNESS_VERSION, nextTestAt: new Date(next!).toISOString() },
    ]);
    expect(server.requestsTo(API_PATHS.heartbeat)[0]?.authorization).toBe('Bearer node-access-1');
    expect(alarms.get(ALARMS.heartbeat)).toBe(now() + NODE_HEARTBEAT_INTERVAL_MS);
  });

  it('goes at most every NODE_HEARTBEAT_INTERVAL_MS, whatever wakes it', async () => {
    const { worker, server, alarms, advance, now } = await registered();
    advance(NODE_HEARTBEAT_INTERVAL_MS - 1);
    await worker.onAlarm(ALARMS.heartbeat);
    await worker.start();
    expect(server.heartbeats).toHaveLength(1);
    // The alarm points at when the next one is due.
    expect(alarms.get(ALARMS.heartbeat)).toBe(now() + 1);

    advance(1);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(server.heartbeats).toHaveLength(2);
    expect(alarms.get(ALARMS.heartbeat)).toBe(now() + NODE_HEARTBEAT_INTERVAL_MS);
  });

  it('a pending retry is the next test it reports; null when none is planned', async () => {
    const { worker, server, store, advance } = await registered();
    const retryAt = Date.UTC(2026, 2, 10, 7, 30);
    await store.set({ retry: { at: retryAt, attempt: 1 } });
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.heartbeat.beatIfDue();
    expect(server.heartbeats.at(-1)?.nextTestAt).toBe(new Date(retryAt).toISOString());

    await store.remove(['retry']);
    await store.set({ plan: { day: '2026-03-10', times: [] } });
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.heartbeat.beatIfDue();
    expect(server.heartbeats.at(-1)?.nextTestAt).toBeNull();
  });

  it('keeps the name the server answers (renamed on the dashboard)', async () => {
    const { worker, server, store, advance } = await registered();
    server.rename(NODE_ID, 'Work laptop');
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(store.values.nodeName).toBe('Work laptop');
  });

  it('a failed heartbeat is only logged, and the next alarm tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { worker, server, store, alarms, advance, now } = await registered();
    server.setOffline(true);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await expect(worker.onAlarm(ALARMS.heartbeat)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(store.values.token).toBe('node-access-1');
    expect(store.values.lastError).toBeUndefined();
    expect(alarms.get(ALARMS.heartbeat)).toBe(now() + NODE_HEARTBEAT_INTERVAL_MS);

    server.setOffline(false);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(server.heartbeats).toHaveLength(2);
    warn.mockRestore();
  });

  it('an expired token is refreshed like any call', async () => {
    const { worker, server, store, advance } = await registered();
    server.expireAccessTokens();
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(server.heartbeats).toHaveLength(2);
    expect(store.values.refreshToken).toBe('node-refresh-2');
  });

  it('signed out, it sends nothing and its alarm is cleared', async () => {
    const { worker, server, store, alarms, advance } = await registered();
    server.remove(NODE_ID);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await worker.onAlarm(ALARMS.heartbeat);
    warn.mockRestore();
    expect(store.values.token).toBeUndefined();
    expect(alarms.has(ALARMS.heartbeat)).toBe(false);

    advance(NODE_HEARTBEAT_INTERVAL_MS);
    const sent = server.requests.length;
    await worker.heartbeat.beatIfDue();
    expect(server.requests).toHaveLength(sent);
  });
});
