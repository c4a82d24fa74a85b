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
    onSignedIn: vi.fn(async () => {}),
    onSignedOut: vi.fn(async () => {}),
  };
  return { store, deps };
}

describe('handleExternalMessage', () => {
  it('stores the token and plans the day when it is the first one', async () => {
    const { store, deps } = setup();
    const reply = await handleExternalMessage(
      { type: 'store', key: 'token', value: 'jwt-1' },
      ORIGIN,
      deps,
    );
    expect(reply).toEqual({ ok: true });
    expect(store.values.token).toBe('jwt-1');
    expect(deps.onSignedIn).toHaveBeenCalledOnce();

    await handleExternalMessage({ type: 'store', key: 'token', value: 'jwt-2' }, ORIGIN, deps);
    expect(store.values.token).toBe('jwt-2');
    expect(deps.onSignedIn).toHaveBeenCalledOnce();
  });

  it('removing the token signs out: the user state goes, the location choice stays', async () => {
    const { store, deps } = setup({
      token: 'jwt',
      data: 'x',
      plan: { day: '2026-03-10', times: [1] },
      lastError: 'offline',
      shareLocation: true,
    });
    expect(await handleExternalMessage({ type: 'remove', key: 'token' }, ORIGIN, deps)).toEqual({
      ok: true,
    });
    expect(store.values).toEqual({ shareLocation: true });
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
