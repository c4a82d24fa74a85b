import { useSyncExternalStore } from 'react';
import { loadedToasts, subscribeToToasts } from '@/lib/toast';

/**
 * Where toasts appear: at the bottom, away from the header's account menu in the top corner
 * (on a phone sonner spans the toasts across the bottom). Their close button sits at the
 * toast's top end corner, where a close button is looked for (index.css moves it there).
 */
const TOAST_POSITION = 'bottom-right';

/** Sonner's toaster, mounted when the first toast loads sonner (see lib/toast). */
export function LazyToaster() {
  const sonner = useSyncExternalStore(subscribeToToasts, loadedToasts, () => null);
  return sonner ? (
    <sonner.Toaster theme="dark" richColors position={TOAST_POSITION} closeButton />
  ) : null;
}
