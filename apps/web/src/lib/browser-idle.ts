import { useSyncExternalStore } from 'react';

/** How long the browser may put the idle work off on a page that never goes quiet. */
const IDLE_TIMEOUT_MS = 2000;

let idle = false;
const listeners = new Set<() => void>();

function reachIdle() {
  idle = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** After the load event, at the browser's first idle moment: off the page's critical path. */
function scheduleIdle() {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(reachIdle, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(reachIdle, 0);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function subscribe(listener: () => void): () => void {
  if (idle) return () => {};
  if (listeners.size === 0) scheduleIdle();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once the page has loaded and the browser was first idle. Code that
 * should be there soon but must not delay the first paint (a captcha widget)
 * waits for it. Prerendered markup was made before, so hydration starts from false.
 */
export function useBrowserIdle(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => idle,
    () => false,
  );
}

/** Runs `task` once the page has loaded and the browser was first idle (at once if it was). */
export function afterBrowserIdle(task: () => void): void {
  if (idle) task();
  else subscribe(task);
}
