import { useSyncExternalStore } from 'react';

/** What tells us a person is about to use the page: any pointer, touch, key or focus. */
const INTERACTION_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'];

let interacted = false;
const listeners = new Set<() => void>();

function markInteracted() {
  if (interacted) return;
  interacted = true;
  for (const type of INTERACTION_EVENTS) {
    window.removeEventListener(type, markInteracted, { capture: true });
  }
  for (const listener of listeners) listener();
  listeners.clear();
}

const somethingFocused = () =>
  document.activeElement !== null && document.activeElement !== document.body;

/**
 * True from the first interaction with the page on. A field already focused
 * (autofocus, or a focus before this screen) counts too.
 */
export function hasInteracted(): boolean {
  return interacted || somethingFocused();
}

function subscribe(listener: () => void): () => void {
  if (interacted) return () => {};
  if (listeners.size === 0) {
    for (const type of INTERACTION_EVENTS) {
      window.addEventListener(type, markInteracted, { capture: true, passive: true });
    }
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Resolves at the first interaction with the page. Code only a person at the
 * controls needs (the captcha widget, the login form's logic) waits for it, so
 * the first paint does not.
 */
export function firstInteraction(): Promise<void> {
  if (hasInteracted()) return Promise.resolve();
  return new Promise((resolve) => subscribe(resolve));
}

/**
 * `hasInteracted` for components. Prerendered markup was made before any
 * interaction, so hydration starts from false and re-renders when it differs.
 */
export function useInteracted(): boolean {
  return useSyncExternalStore(subscribe, hasInteracted, () => false);
}
