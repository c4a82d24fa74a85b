import type { ReactNode } from 'react';
import { AppProvider } from './provider';

/** The whole app around its router: the browser's (main.tsx) or a memory one (prerender). */
export function App({ children }: { children: ReactNode }) {
  return <AppProvider>{children}</AppProvider>;
}
