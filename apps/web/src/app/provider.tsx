import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';

/**
 * App-wide providers: toasts (spec section 8). Server state (TanStack Query)
 * is provided by the lazily loaded screens (`ServerStateProvider`), so that the
 * login page's first load does not carry it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
    </>
  );
}
