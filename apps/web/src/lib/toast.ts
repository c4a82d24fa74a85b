import type { toast as sonnerToast } from 'sonner';
import { translateText } from '@/lib/i18n/translate-text';

type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches sonner (about 9 KB gzip) the first time a toast is due, so pages
 * that show none, like the login page before its first submit, never load it.
 * Sonner replays toasts created before its `Toaster` subscribed.
 */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** Sonner once loaded, else null; with `subscribeToToasts`, for the toaster (see `LazyToaster`). */
export function loadedToasts(): Sonner | null {
  return loaded;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info';
type Show = typeof sonnerToast.success;

const show =
  (kind: Kind) =>
  (message: Parameters<Show>[0], data?: Parameters<Show>[1]): void => {
    // A spec toast of the shared texts shows in the page's language; others come translated.
    const shown = typeof message === 'string' ? translateText(message) : message;
    loadToasts().then(
      (sonner) =>
        data === undefined ? sonner.toast[kind](shown) : sonner.toast[kind](shown, data),
      (error: unknown) => console.error('The toasts could not be loaded.', error),
    );
  };

/** The app's toasts (spec section 8): sonner's `toast`, shown once sonner has loaded. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
