import { describe, expect, it, vi } from 'vitest';
import type { ExtensionState } from '../lib/extension-state.ts';
import { memoryStore } from '../../testing/memory-store.ts';
import { handleExternalMessage } from './external-messages.ts';

const ORIGIN = 'http://127.0.0.1:8181';

function setup(initial: Partial<ExtensionState> = {}) {
  const store = memoryStore(initial);
  const deps = {
    webOrigin: ORIGIN,
    store,
    onDashboardToken: vi.fn(async (_token: string) => {}),
    onSignedOut: vi.fn(async () => {}),
  };
  return { store, deps };
}

describe('handleExternalMessage', () => {
  it('hands every token of the dashboard to the node registration, and stores none itself', async () => {
    const { store, deps } = setup();
    const reply = await handleExternalMessage(
      { type: 'store', key: 'token', value: 'jwt-1' },
      ORIGIN,
      deps,
    );
    expect(reply).toEqual({ ok: true });
    await handleExternalMessage({ type: 'store', key: 'token', value: 'jwt-2' }, ORIGIN, deps);
    expect(deps.onDashboardToken.mock.calls).toEqual([['jwt-1'], ['jwt-2']]);
    // The node's session is the token the extension calls with; registering stores it.
    expect(store.values).toEqual({});
  });

  it('removing the token signs out: the session and user state go, the node id and location choice stay', async () => {
    const nodeId = '6f1c1a52-3f43-4d55-9a0e-2f4b1f7f5d10';
    const { store, deps } = setup({
      nodeId,
      token: 'node-access',
      refreshToken: 'node-refresh',
      nodeName: 'Chrome on Linux',
      dashboardToken: 'jwt',
      lastHeartbeatAt: 1,
      data: 'x',
      plan: { day: '2026-03-10', times: [1] },
      lastError: 'offline',
      shareLocation: true,
    });
    expect(await handleExternalMessage({ type: 'remove', key: 'token' }, ORIGIN, deps)).toEqual({
      ok: true,
    });
    expect(store.values).toEqual({ nodeId, shareLocation: true });
    expect(deps.onSignedOut).toHaveBeenCalledOnce();
  });

  it('keeps and removes the data entry as it is', async () => {
    const { store, deps } = setup({ token: 'jwt' });
    await handleExternalMessage({ type: 'store', key: 'data', value: '{"a":1}' }, ORIGIN, deps);
    expect(store.values.data).toBe('{"a":1}');
    await handleExternalMessage({ type: 'remove', key: 'data' }, ORIGIN, deps);
    expect(store.values).toEqual({ token: 'jwt' });
    expect(deps.onSignedOut).not.toHaveBeenCalled();
  });

  it('refuses what is not the protocol, and changes nothing', async () => {
    const { store, deps } = setup({ token: 'jwt' });
    for (const raw of [
      { type: 'store', key: 'password', value: 'hunter2' },
      { type: 'remove' },
      'token',
    ]) {
      const reply = await handleExternalMessage(raw, ORIGIN, deps);
      expect(reply.ok).toBe(false);
      expect(reply.error).toMatch(/^Invalid message/);
    }
    expect(store.values).toEqual({ token: 'jwt' });
  });

  it('refuses another origin even with a valid message', async () => {
    const { store, deps } = setup();
    const reply = await handleExternalMessage(
      { type: 'store', key: 'token', value: 'jwt' },
      'https://evil.example',
      deps,
    );
    expect(reply).toEqual({ ok: false, error: `Messages are accepted from ${ORIGIN} only` });
    expect(store.values).toEqual({});
  });
});
