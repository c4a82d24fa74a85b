import { useCallback, useSyncExternalStore } from 'react';

interface SharedClock {
  now: Date;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * One timer per interval for the whole page: a table of fifty `<Time>`s reads one
 * clock instead of running fifty intervals of its own.
 */
const clocks = new Map<number, SharedClock>();

function clockFor(intervalMs: number): SharedClock {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: new Date(), listeners: new Set() };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

/** Adds a reader of the `intervalMs` clock, starting its timer for the first one. */
function subscribeTo(intervalMs: number, listener: () => void): () => void {
  const clock = clockFor(intervalMs);
  if (clock.listeners.size === 0) {
    // The first reader after a quiet spell starts from the time it is now.
    clock.now = new Date();
    clock.timer = setInterval(() => {
      clock.now = new Date();
      clock.listeners.forEach((notify) => notify());
    }, intervalMs);
  }
  clock.listeners.add(listener);
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) clearInterval(clock.timer);
  };
}

/** The current time, refreshed every `intervalMs` while a component reading it is mounted. */
export function useNow(intervalMs: number): Date {
  const subscribe = useCallback(
    (listener: () => void) => subscribeTo(intervalMs, listener),
    [intervalMs],
  );
  const read = () => clockFor(intervalMs).now;
  return useSyncExternalStore(subscribe, read, read);
}
