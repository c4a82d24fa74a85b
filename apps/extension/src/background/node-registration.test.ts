import { describe, expect, it, vi } from 'vitest';
import { NODE_MESSAGES } from '@netpulse/shared';
import { SESSION_STATE_KEYS } from '../lib/extension-state.ts';
import { HARNESS_NODE_NAME, HARNESS_VERSION, workerHarness } from '../../testing/worker-harness.ts';
import { API_PATHS, ApiFailure } from './api-client.ts';
import { ALARMS } from './contribution.ts';
import { REGISTER_RETRY_MS } from './node-registration.ts';

const FIRST_ID = '00000000-0000-4000-8000-000000000001';
const SECOND_ID = '00000000-0000-4000-8000-000000000002';

describe('the extension as a node', () => {
  it('keeps one node id from install on, and creates it on first need otherwise', async () => {
    const { worker, store } = workerHarness();
    await worker.start();
    expect(store.values.nodeId).toBe(FIRST_ID);
    await worker.start();
    expect(await worker.registration.nodeId()).toBe(FIRST_ID);
  });

  it("registers on the dashboard's first token and then calls with its own session", async () => {
    const { worker, server, store, alarms } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');

    expect(server.requestsTo(API_PATHS.nodes)).toEqual([
      {
        method: 'POST',
        path: API_PATHS.nodes,
        authorization: 'Bearer dashboard-1',
        body: { nodeId: FIRST_ID, kind: 'extension', name: HARNESS_NODE_NAME, version: '1.2.3' },
      },
    ]);
    expect(store.values).toMatchObject({
      nodeId: FIRST_ID,
      token: 'node-access-1',
      refreshToken: 'node-refresh-1',
      nodeName: HARNESS_NODE_NAME,
    });
    // The dashboard's token was for registering only.
    expect(store.values.dashboardToken).toBeUndefined();
    // Signed in: the day is planned (with the node's token) and the first heartbeat sent.
    expect(server.requestsTo(API_PATHS.quota)[0]?.authorization).toBe('Bearer node-access-1');
    expect(store.values.plan?.times.length).toBeGreaterThan(0);
    expect(server.requestsTo(API_PATHS.heartbeat)).toHaveLength(1);
    expect(alarms.has(ALARMS.test)).toBe(true);

    // Every later call goes with the node's session, never the dashboard's token.
    await worker.contribution.quota();
    const calls = server.requests.filter((request) => request.path !== API_PATHS.nodes);
    expect(calls.every((call) => call.authorization === 'Bearer node-access-1')).toBe(true);
  });

  it("the dashboard's later tokens do not replace a working node session", async () => {
    const { worker, server, store } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');
    await worker.registration.tokenHandedOver('dashboard-2');
    expect(server.requestsTo(API_PATHS.nodes)).toHaveLength(1);
    expect(store.values.token).toBe('node-access-1');
    expect(store.values.dashboardToken).toBeUndefined();
  });

  it('an expired access token is refreshed through the node endpoint and the rotation kept', async () => {
    const { worker, server, store } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');
    server.expireAccessTokens();

    await worker.contribution.quota();
    expect(server.requestsTo(API_PATHS.nodeRefreshToken).map((request) => request.body)).toEqual([
      { nodeId: FIRST_ID, refreshToken: 'node-refresh-1' },
    ]);
    expect(store.values).toMatchObject({ token: 'node-access-2', refreshToken: 'node-refresh-2' });

    // The next refresh sends the rotated token, which the server still accepts.
    server.expireAccessTokens();
    await worker.contribution.quota();
    expect(server.requestsTo(API_PATHS.nodeRefreshToken)[1]?.body).toEqual({
      nodeId: FIRST_ID,
      refreshToken: 'node-refresh-2',
    });
    expect(store.values.token).toBe('node-access-3');
  });

  it('a refused refresh (removed on the dashboard) signs out: no session, no tests planned', async () => {
    const { worker, server, store, alarms } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');
    server.remove(FIRST_ID);

    const failure = await worker.contribution.quota().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).failure).toEqual({
      kind: 'signed-out',
      message: NODE_MESSAGES.nodeRefreshRefused,
    });
    for (const key of SESSION_STATE_KEYS) expect(store.values[key]).toBeUndefined();
    expect(alarms.size).toBe(0);
    // The id stays with the installation.
    expect(store.values.nodeId).toBe(FIRST_ID);
  });

  it('a removed node stays signed out, and "add again" registers a new node id', async () => {
    const { worker, server, store } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');
    server.remove(FIRST_ID);
    await worker.contribution.quota().catch(() => undefined);

    // The dashboard hands over its next token: the server answers that the node was removed.
    await worker.registration.tokenHandedOver('dashboard-2');
    expect(store.values.nodeRemoved).toBe(true);
    expect(store.values.token).toBeUndefined();
    // Removed is remembered: later hand-overs do not ask again.
    await worker.registration.tokenHandedOver('dashboard-3');
    expect(server.requestsTo(API_PATHS.nodes)).toHaveLength(2);

    // The dashboard's token is still stored: adding again registers right away, as a new node.
    await worker.registration.addAgain();
    expect(store.values.nodeId).toBe(SECOND_ID);
    expect(store.values.nodeRemoved).toBeUndefined();
    expect(server.requestsTo(API_PATHS.nodes).at(-1)?.body).toMatchObject({ nodeId: SECOND_ID });
    expect(store.values.token).toBeDefined();
    expect(server.nodes.get(SECOND_ID)?.removed).toBe(false);
  });

  it('an id another account registered on this browser is left for a new one, once', async () => {
    const { worker, server, store } = workerHarness({ otherAccountsIds: [FIRST_ID] });
    await worker.registration.tokenHandedOver('dashboard-1');
    expect(server.requestsTo(API_PATHS.nodes).map((request) => request.body)).toMatchObject([
      { nodeId: FIRST_ID },
      { nodeId: SECOND_ID },
    ]);
    expect(store.values).toMatchObject({ nodeId: SECOND_ID, token: 'node-access-1' });
    expect(store.values.registrationProblem).toBeUndefined();
  });

  it('"add again" without a dashboard token waits for the next hand-over', async () => {
    const removedId = '00000000-0000-4000-8000-0000000000ff';
    const { worker, server, store } = workerHarness({
      state: { nodeId: removedId, nodeRemoved: true },
    });
    await worker.registration.addAgain();
    expect(store.values.nodeId).toBe(FIRST_ID);
    expect(server.requestsTo(API_PATHS.nodes)).toHaveLength(0);

    await worker.registration.tokenHandedOver('dashboard-1');
    expect(server.requestsTo(API_PATHS.nodes)[0]?.body).toMatchObject({ nodeId: FIRST_ID });
    expect(store.values.refreshToken).toBeDefined();
  });

  it("at the node limit it stays signed out with the server's message, and registers later", async () => {
    const { worker, server, store } = workerHarness({ limit: 2 });
    server.addOtherNode('00000000-0000-4000-8000-0000000000a1');
    server.addOtherNode('00000000-0000-4000-8000-0000000000a2');
    await worker.registration.tokenHandedOver('dashboard-1');
    expect(store.values.token).toBeUndefined();
    expect(store.values.registrationProblem).toBe(NODE_MESSAGES.limitReached(2));

    // A node removed on the dashboard makes room: the next hand-over registers.
    server.remove('00000000-0000-4000-8000-0000000000a1');
    await worker.registration.tokenHandedOver('dashboard-2');
    expect(store.values.token).toBeDefined();
    expect(store.values.registrationProblem).toBeUndefined();
  });

  it('offline, registering is tried again by an alarm', async () => {
    const { worker, server, store, alarms, now } = workerHarness();
    server.setOffline(true);
    await worker.registration.tokenHandedOver('dashboard-1');
    expect(store.values.token).toBeUndefined();
    expect(store.values.registrationProblem).toMatch(/cannot be reached/);
    expect(alarms.get(ALARMS.register)).toBe(now() + REGISTER_RETRY_MS);

    server.setOffline(false);
    await worker.onAlarm(ALARMS.register);
    expect(store.values.token).toBe('node-access-1');
    expect(alarms.has(ALARMS.register)).toBe(false);
  });

  it("a stale dashboard token is dropped: the dashboard's next one registers", async () => {
    const { worker, server, store } = workerHarness();
    await worker.registration.tokenHandedOver('expired-jwt');
    expect(server.requestsTo(API_PATHS.nodes)).toHaveLength(1);
    expect(store.values.dashboardToken).toBeUndefined();
    expect(store.values.token).toBeUndefined();
  });

  it('an access token from before nodes is taken as "register now"', async () => {
    const { worker, server, store } = workerHarness({ state: { token: 'dashboard-old' } });
    await worker.start();
    expect(server.requestsTo(API_PATHS.nodes)[0]?.authorization).toBe('Bearer dashboard-old');
    expect(store.values.token).toBe('node-access-1');
    expect(store.values.refreshToken).toBe('node-refresh-1');
  });

  it('logging out on the dashboard while registering keeps the extension signed out', async () => {
    const { worker, server, store } = workerHarness();
    const release = server.hold();
    const registering = worker.registration.tokenHandedOver('dashboard-1');
    await vi.waitFor(() => expect(server.requestsTo(API_PATHS.nodes)).toHaveLength(1));
    // The dashboard's logout (external-messages.ts) lands while the request is in flight.
    await store.remove(SESSION_STATE_KEYS);
    release();
    await registering;
    expect(store.values.token).toBeUndefined();
    expect(store.values.refreshToken).toBeUndefined();
  });

  it(`registers with the manifest's version (${HARNESS_VERSION})`, async () => {
    const { worker, server } = workerHarness();
    await worker.registration.tokenHandedOver('dashboard-1');
    expect(server.nodes.get(FIRST_ID)?.node.version).toBe(HARNESS_VERSION);
  });
});
