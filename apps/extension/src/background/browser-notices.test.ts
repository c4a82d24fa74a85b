import { describe, expect, it, vi } from 'vitest';
import { NODE_HEARTBEAT_INTERVAL_MS, type ExtensionNotice } from '@netpulse/shared';
import { FAKE_ORIGIN } from '../../testing/fake-node-server.ts';
import { workerHarness } from '../../testing/worker-harness.ts';
import { API_PATHS } from './api-client.ts';
import { ALARMS } from './contribution.ts';

const offline: ExtensionNotice = {
  id: '41',
  type: 'node_offline',
  title: 'Chrome on Linux went quiet',
  body: 'Your node Chrome on Linux has not been heard from for 30 minutes.',
  link: '/nodes',
  action: 'Open Nodes',
  created_at: '2026-03-10T06:30:00.000Z',
};
const reminder: ExtensionNotice = {
  id: '42',
  type: 'claim_reminder',
  title: 'Your daily claim is waiting',
  body: 'Claim today’s Bytes before midnight UTC to keep your 3 days streak.',
  link: '/quests',
  action: 'Claim now',
  created_at: '2026-03-10T21:00:00.000Z',
};

/** A worker registered as a node, its first heartbeat sent. */
async function registered() {
  const harness = workerHarness();
  await harness.worker.registration.tokenHandedOver('dashboard-1');
  return harness;
}

describe('the notices in the browser', () => {
  it('are asked for after each heartbeat and each shown once, by its id, with its button', async () => {
    const { worker, server, notifications, advance } = await registered();
    expect(server.requestsTo(API_PATHS.selfNotices)).toHaveLength(1);
    expect(notifications.size).toBe(0);

    server.setNotices([offline]);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect([...notifications]).toEqual([
      ['41', { title: offline.title, message: offline.body, button: 'Open Nodes' }],
    ]);

    // Still unread on the server at the next heartbeat: not shown again.
    notifications.clear();
    server.setNotices([reminder, offline]);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect([...notifications.keys()]).toEqual(['42']);
    expect(server.requestsTo(API_PATHS.selfNotices)).toHaveLength(3);
  });

  it('open their page of the web app when clicked; an unknown id opens nothing', async () => {
    const { worker, server, openedTabs, advance } = await registered();
    server.setNotices([reminder, offline]);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);

    await worker.browserNotices.open('42');
    await worker.browserNotices.open('41');
    await worker.browserNotices.open('7');
    expect(openedTabs).toEqual([`${FAKE_ORIGIN}/quests`, `${FAKE_ORIGIN}/nodes`]);
  });

  it('are not asked for when the heartbeat failed, and a failed ask is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { worker, server, notifications, advance } = await registered();
    server.setOffline(true);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(server.requestsTo(API_PATHS.selfNotices)).toHaveLength(1);

    server.setOffline(false);
    server.setNotices([offline]);
    await expect(worker.browserNotices.showNew()).resolves.toBeUndefined();
    expect(notifications.has('41')).toBe(true);
    warn.mockRestore();
  });

  it('are forgotten at sign-out with the rest of the user’s state', async () => {
    const { worker, server, store, advance } = await registered();
    server.setNotices([offline]);
    advance(NODE_HEARTBEAT_INTERVAL_MS);
    await worker.onAlarm(ALARMS.heartbeat);
    expect(store.values.shownNotices).toEqual([{ id: '41', link: '/nodes' }]);
    await worker.contribution.signOut();
    expect(store.values.shownNotices).toBeUndefined();
  });
});
