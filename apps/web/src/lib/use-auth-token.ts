import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store';

/** The stored access token, re-rendering on login and logout. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(authStore.subscribe, authStore.getToken, () => null);
}
