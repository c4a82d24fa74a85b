import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query's provider with the app's one client. It wraps the lazily
 * loaded screens (and the login form's logic) rather than the whole app, so the
 * login page does not load TanStack Query before its first submit. Nested
 * providers share the same client, so the cache is one. It stays in lib/ rather than
 * app/ because the login form (a feature) uses it, and features do not import app/.
 */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
