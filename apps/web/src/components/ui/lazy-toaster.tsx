import { useSyncExternalStore } from 'react';
import { loadedToasts, subscribeToToasts } from '@/lib/toast';

/** Sonner's toaster, mounted when the first toast loads sonner (see lib/toast). */
export function LazyToaster() {
  const sonner = useSyncExternalStore(subscribeToToasts, loadedToasts, () => null);
  return sonner ? (
    <sonner.Toaster theme="dark" richColors position="top-right" closeButton />
  ) : null;
}
