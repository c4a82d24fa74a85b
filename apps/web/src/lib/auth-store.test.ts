import { describe, expect, it, vi } from 'vitest';
import { createAuthStore, type KeyValueStorage } from './auth-store';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

describe('auth store', () => {
  it('keeps the token under "token" and tells subscribers about every change', () => {
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setToken('jwt');
    expect(storage.entries.get('token')).toBe('jwt');
    expect(store.getToken()).toBe('jwt');

    store.clearToken();
    expect(store.getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.setToken('again');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('logout clears everything the app stored', () => {
    const storage = memoryStorage();
    storage.setItem('other', 'x');
    const store = createAuthStore(() => storage);
    store.setToken('jwt');
    store.clearAll();
    expect(storage.entries.size).toBe(0);
  });

  it('reads a missing or broken storage as logged out', () => {
    expect(createAuthStore(() => undefined).getToken()).toBeNull();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const throwing = createAuthStore(() => {
      throw new Error('SecurityError');
    });
    expect(throwing.getToken()).toBeNull();
    expect(() => throwing.setToken('jwt')).not.toThrow();
  });
});
