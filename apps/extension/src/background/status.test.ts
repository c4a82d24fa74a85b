import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NODE_MESSAGES } from '@netpulse/shared';
import { FAKE_ORIGIN } from '../../testing/fake-node-server.ts';
import { workerHarness } from '../../testing/worker-harness.ts';
import type { popupStatus as PopupStatusFn } from './status.ts';

let popupStatus: typeof PopupStatusFn;

beforeAll(async () => {
  // config.ts reads the web origin from the manifest when it loads.
  vi.stubGlobal('chrome', {
    runtime: {
      getManifest: () => ({ externally_connectable: { matches: [`${FAKE_ORIGIN}/*`] } }),
    },
  });
  ({ popupStatus } = await import('./status.ts'));
});

async function statusOf(harness: ReturnType<typeof workerHarness>) {
  const { worker, store, now } = harness;
  return popupStatus({ api: worker.api, store, contribution: worker.contribution, now });
}

describe('what the popup shows of the node', () => {
  it('signed in: the node name the server answered', async () => {
    const harness = workerHarness();
    await harness.worker.registration.tokenHandedOver('dashboard-1');
    // The fake server has no profile route: the popup shows a dash for it, the node still.
    expect(await statusOf(harness)).toMatchObject({ signedIn: true, nodeName: 'Chrome on Linux' });
  });

  it('never signed in: signed out, with the way to log in', async () => {
    expect(await statusOf(workerHarness())).toEqual({
      signedIn: false,
      reason: 'signed-out',
      problem: null,
      loginUrl: `${FAKE_ORIGIN}/login`,
      nodesUrl: `${FAKE_ORIGIN}/nodes`,
    });
  });

  it('removed: says so (and "add again" is offered)', async () => {
    const harness = workerHarness();
    await harness.worker.registration.tokenHandedOver('dashboard-1');
    harness.server.remove('00000000-0000-4000-8000-000000000001');
    // The popup's own status call meets the refused refresh: signed out first.
    expect(await statusOf(harness)).toMatchObject({ signedIn: false, reason: 'signed-out' });
    await harness.worker.registration.tokenHandedOver('dashboard-2');
    expect(await statusOf(harness)).toMatchObject({ signedIn: false, reason: 'removed' });
  });

  it("refused at the limit: the server's message as it is", async () => {
    const harness = workerHarness({ limit: 1 });
    harness.server.addOtherNode('00000000-0000-4000-8000-0000000000a1');
    await harness.worker.registration.tokenHandedOver('dashboard-1');
    expect(await statusOf(harness)).toMatchObject({
      signedIn: false,
      reason: 'not-registered',
      problem: NODE_MESSAGES.limitReached(1),
    });
  });
});
