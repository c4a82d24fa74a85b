import { TOKEN_STORAGE_KEY } from '@netpulse/shared';

type Listener = () => void;

/** The part of the Web Storage API the store needs, so tests can pass a fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export interface AuthStore {
  getToken(): string | null;
  setToken(token: string): void;
  clearToken(): void;
  /** Logout wipes everything the app kept in local storage, not only the token. */
  clearAll(): void;
  /** Calls `listener` whenever the token may have changed; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Tells subscribers that the token changed outside this store (another tab). */
  notify(): void;
}

/**
 * The access token lives in local storage (spec section 4), and route access
 * depends only on its presence. The store wraps the storage so that login and
 * logout re-render the routes through `subscribe`.
 */
export function createAuthStore(getStorage: () => KeyValueStorage | undefined): AuthStore {
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  // Storage can throw (privacy modes, quota); a broken storage reads as logged out.
  const withStorage = (action: (storage: KeyValueStorage) => void) => {
    try {
      const storage = getStorage();
      if (storage) action(storage);
    } catch (error) {
      console.error('Local storage is unavailable.', error);
    }
  };

  return {
    getToken() {
      let token: string | null = null;
      withStorage((storage) => {
        token = storage.getItem(TOKEN_STORAGE_KEY);
      });
      return token || null;
    },
    setToken(token) {
      withStorage((storage) => storage.setItem(TOKEN_STORAGE_KEY, token));
      notify();
    },
    clearToken() {
      withStorage((storage) => storage.removeItem(TOKEN_STORAGE_KEY));
      notify();
    },
    clearAll() {
      withStorage((storage) => storage.clear());
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify,
  };
}

export const authStore = createAuthStore(() => globalThis.localStorage);

// A login or logout in another tab changes the token under us.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) authStore.notify();
  });
}
