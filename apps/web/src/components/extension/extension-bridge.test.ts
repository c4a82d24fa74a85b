import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearExtension,
  handTokenToExtension,
  isExtensionConnected,
  keepExtensionSignedIn,
  offerTokenToExtension,
  sendToExtension,
} from './extension-bridge';

type Callback = (reply?: unknown) => void;

/** Installs a fake `chrome.runtime` whose sendMessage answers through `answer`. */
function fakeRuntime(
  answer: (runtime: { lastError?: { message: string } }, reply: Callback) => void,
) {
  const runtime: { lastError?: { message: string }; sendMessage: ReturnType<typeof vi.fn> } = {
    sendMessage: vi.fn((_id: string, _message: unknown, callback: Callback) =>
      answer(runtime, callback),
    ),
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('extension hand-off', () => {
  it('stores the token in the configured extension', async () => {
    const runtime = fakeRuntime((_r, reply) => reply({ ok: true }));
    await expect(handTokenToExtension('ext-id', 'jwt')).resolves.toBe(true);
    expect(runtime.sendMessage).toHaveBeenCalledWith(
      'ext-id',
      { type: 'store', key: 'token', value: 'jwt' },
      expect.any(Function),
    );
  });

  it('removes the token and the data entry on logout', async () => {
    const runtime = fakeRuntime((_r, reply) => reply({ ok: true }));
    await clearExtension('ext-id');
    const messages = runtime.sendMessage.mock.calls.map((call) => call[1]);
    expect(messages).toEqual([
      { type: 'remove', key: 'token' },
      { type: 'remove', key: 'data' },
    ]);
  });

  it('sends nothing without an extension id or without chrome.runtime', async () => {
    const runtime = fakeRuntime((_r, reply) => reply({ ok: true }));
    await expect(handTokenToExtension(null, 'jwt')).resolves.toBe(false);
    expect(runtime.sendMessage).not.toHaveBeenCalled();

    vi.stubGlobal('chrome', undefined);
    await expect(handTokenToExtension('ext-id', 'jwt')).resolves.toBe(false);
  });

  it('only logs chrome.runtime.lastError (extension not installed)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeRuntime((runtime, reply) => {
      runtime.lastError = { message: 'Could not establish connection.' };
      reply(undefined);
    });
    await expect(clearExtension('ext-id')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalled();
  });

  it('only logs a refusal or a throwing sendMessage', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeRuntime((_r, reply) => reply({ ok: false, error: 'storage full' }));
    await expect(sendToExtension('ext-id', { type: 'remove', key: 'data' })).resolves.toBe(false);

    fakeRuntime(() => {
      throw new Error('Invalid extension id');
    });
    await expect(sendToExtension('ext-id', { type: 'remove', key: 'data' })).resolves.toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('keeping the extension signed in', () => {
  it('hands over the start-up token and every new one, once each', async () => {
    const runtime = fakeRuntime((_r, reply) => reply({ ok: true }));
    let token: string | null = 'start';
    const listeners = new Set<() => void>();
    const store = {
      getToken: () => token,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const change = (next: string | null) => {
      token = next;
      listeners.forEach((listener) => listener());
    };

    const stop = keepExtensionSignedIn('ext-id', store);
    change('start');
    change('refreshed');
    change(null);
    change('after-login');
    stop();
    change('ignored');

    const values = runtime.sendMessage.mock.calls.map(
      (call) => (call[1] as { value: string }).value,
    );
    expect(values).toEqual(['start', 'refreshed', 'after-login']);
  });
});

describe('the connected state (the sidebar\'s "Extension connected")', () => {
  function tokenStore(initial: string | null) {
    let token = initial;
    const listeners = new Set<() => void>();
    return {
      getToken: () => token,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      change(next: string | null) {
        token = next;
        listeners.forEach((listener) => listener());
      },
    };
  }

  it('is on once the extension took the token, and off at logout', async () => {
    fakeRuntime((_r, reply) => reply({ ok: true }));
    const store = tokenStore('start');
    const stop = keepExtensionSignedIn('ext-id', store);
    await vi.waitFor(() => expect(isExtensionConnected()).toBe(true));
    store.change(null);
    await vi.waitFor(() => expect(isExtensionConnected()).toBe(false));
    stop();
  });

  it('turns on when an extension installed later is offered the token again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let installed = false;
    fakeRuntime((runtime, reply) => {
      if (installed) return reply({ ok: true });
      runtime.lastError = { message: 'Could not establish connection.' };
      reply(undefined);
      delete runtime.lastError;
    });
    const stop = keepExtensionSignedIn('ext-id', tokenStore('start'));
    await offerTokenToExtension();
    expect(isExtensionConnected()).toBe(false);
    installed = true;
    await offerTokenToExtension();
    expect(isExtensionConnected()).toBe(true);
    stop();
  });
});
