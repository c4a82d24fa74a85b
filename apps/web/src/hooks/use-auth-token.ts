import { useSyncExternalStore } from 'react';
import { authStore } from '@/lib/auth-store';
import { prerenderedSignedIn } from '@/lib/prerender';

/** Stands for a token while hydrating a page prerendered for someone signed in. */
const PRERENDERED_TOKEN = 'prerendered';

/**
 * The stored access token, re-rendering on login and logout. Hydration (and
 * the build's prerender) sees what the prerendered page was rendered for.
 */
export function useAuthToken(): string | null {
  return useSyncExternalStore(authStore.subscribe, authStore.getToken, () =>
    prerenderedSignedIn() ? PRERENDERED_TOKEN : null,
  );
}
